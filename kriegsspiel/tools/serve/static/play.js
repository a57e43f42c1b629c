// The page of `ks serve`: it shows each snapshot the server pushes (the map,
// the turn, the log, the question asked of this seat) and sends the chosen
// option back. The umpire is the server: an answer it refuses is shown.
"use strict";
const params = new URLSearchParams(location.search);
const token = params.get("token") || "";
const $ = (id) => document.getElementById(id);
let seat = null;
let seats = [];  // a hot-seat page holds several
let socket = null;
let asking = null;  // the question asked of this seat now
let mapReady = false, waiting = null;
let latest = null;  // the newest snapshot
let past = null;    // the log moment the map shows instead of now, if any

// The map does not change in play: fetched once, the pieces laid over it.
fetch("map.svg").then((r) => r.text()).then((svg) => {
  $("map").innerHTML = svg;
  const live = document.createElementNS("http://www.w3.org/2000/svg", "g");
  live.id = "live";
  $("map").querySelector("svg").appendChild(live);
  mapReady = true;
  if (waiting) showLive(waiting);
});

// The pieces on the map; those the question offers are marked, and a click on
// one answers with it.
function showLive(snapshot) {
  if (past !== null) return;  // a moment of the log is shown: now waits for "back to now"
  $("live").innerHTML = snapshot.live;
  openingStacks();
  const q = snapshot.question;
  if (!framed) frame($("live").querySelectorAll("g.piece"), true);
  if (!q || !seats.includes(q.side)) return;
  const places = [...$("live").querySelectorAll("#overlay polygon")], about = [];
  for (const g of $("live").querySelectorAll("g.piece")) {
    if (g.dataset.id in q.pieces) {
      g.classList.add("choice");
      places.push(g);
    }
    if (g.dataset.id === q.about) {  // the piece the question is about
      g.classList.add("subject");
      about.push(g);
    }
  }
  frame(places.length ? places : about, false);  // the answers' places first
}

// The view is brought to the places a question offers when none of them is
// wholly in sight (a large map opens far from where the game is), and it opens
// on the pieces; a view the player has panned to is kept while one place is.
let framed = false;
function frame(elements, fit) {
  if (!elements.length) return;
  const board = $("board").getBoundingClientRect();
  const boxes = [...elements].map((e) => e.getBoundingClientRect());
  const inSight = (b) => b.left >= board.left && b.right <= board.right &&
                         b.top >= board.top && b.bottom <= board.bottom;  // wholly
  if (!fit && boxes.some(inSight)) return;
  const left = Math.min(...boxes.map((b) => b.left));
  const right = Math.max(...boxes.map((b) => b.right));
  const top = Math.min(...boxes.map((b) => b.top));
  const bottom = Math.max(...boxes.map((b) => b.bottom));
  if (fit) {  // as many in sight as counters stay readable, never larger than drawn
    const scale = Math.max(0.35, Math.min(1, 0.9 * board.width / (right - left) * view.scale,
                                          0.9 * board.height / (bottom - top) * view.scale));
    const x = (left + right) / 2 - board.left, y = (top + bottom) / 2 - board.top;
    view.x = board.width / 2 - (x - view.x) * (scale / view.scale);
    view.y = board.height / 2 - (y - view.y) * (scale / view.scale);
    view.scale = scale;
    framed = true;
  } else {  // centred on them at the player's zoom
    view.x += board.left + board.width / 2 - (left + right) / 2;
    view.y += board.top + board.height / 2 - (top + bottom) / 2;
  }
  place();
}

// A stack opens while the pointer is on it: its counters side by side, on
// top of the map, each one readable; it closes when the pointer leaves it.
function openingStacks() {
  const stacks = {};
  for (const g of $("live").querySelectorAll("g.piece")) {
    (stacks[g.dataset.hex] ||= []).push(g);
  }
  for (const stack of Object.values(stacks)) {
    if (stack.length < 2) continue;
    for (const g of stack) {
      g.dataset.at = g.getAttribute("transform");
      g.addEventListener("mouseenter", () => openStack(stack));
      // a moment's grace: the pointer crossing the gap between two counters
      // of the open stack does not close it
      g.addEventListener("mouseleave", () => {
        stack.closing = setTimeout(() => closeStack(stack), 250);
      });
    }
  }
}

function openStack(stack) {
  clearTimeout(stack.closing);
  if (stack[0].classList.contains("opened")) return;
  const at = stack.map((g) => g.dataset.at.match(/-?[\d.]+/g).map(Number));
  const x = at.reduce((sum, p) => sum + p[0], 0) / at.length;
  const y = at.reduce((sum, p) => sum + p[1], 0) / at.length;
  const step = Math.max(...stack.map((g) => g.getBBox().width)) + 4;
  stack.forEach((g, i) => {
    g.classList.add("opened");
    g.setAttribute("transform", `translate(${x + (i - (stack.length - 1) / 2) * step},${y})`);
    g.parentNode.appendChild(g);  // drawn last: over its neighbours
  });
}

function closeStack(stack) {
  for (const g of stack) {
    g.classList.remove("opened");
    g.setAttribute("transform", g.dataset.at);
  }
}

// A log line shows the map as it stood right after the event it describes.
function showMoment(at, text) {
  fetch("moment?at=" + at).then((r) => r.ok ? r.text() : Promise.reject(r.status))
    .then((svg) => {
      past = at;
      $("live").innerHTML = svg;
      openingStacks();
      $("moment-text").textContent = "the map after: " + text.trim();
      $("moment").hidden = false;
      $("displays").hidden = true;  // they show now, not that moment
      document.body.dataset.moment = at;
    });
}

$("now").addEventListener("click", () => {
  past = null;
  $("moment").hidden = true;
  delete document.body.dataset.moment;
  if (latest) {
    showLive(latest);
    showDisplays(latest.displays);
  }
});

function show(snapshot) {
  latest = snapshot;
  $("title").textContent = snapshot.title;
  $("turn").textContent = snapshot.over ? "game over" : "turn " + snapshot.turn;
  if (mapReady) showLive(snapshot);
  else waiting = snapshot;
  showTurns(snapshot.turns, snapshot.turn_index);
  showLegend(snapshot.legend);
  showPanel(snapshot.panel);
  showDisplays(snapshot.displays);
  const log = $("log");
  log.replaceChildren(...snapshot.log.map((line, index) => {
    const div = document.createElement("div");
    div.textContent = line;
    div.dataset.at = snapshot.moments[index];
    div.title = "show the map at this moment";
    div.addEventListener("click", () => showMoment(div.dataset.at, line));
    if (line.trimStart().startsWith("·")) div.className = "why";
    return div;
  }));
  filterLog();
  log.scrollTop = log.scrollHeight;
  const q = snapshot.question;
  const mine = q && seats.includes(q.side);
  asking = mine ? q : null;
  $("question").hidden = !mine;
  if (mine) {
    $("question-text").textContent = (seats.length > 1 ? q.side + ": " : "") + q.key +
                                     (q.subject && q.subject !== "None" ?
                                               " — " + q.subject : "");
    const options = $("options");
    options.replaceChildren(...q.options.map((label, index) => {
      const button = document.createElement("button");
      button.textContent = label;
      button.dataset.index = index;
      button.addEventListener("click", () => answer(index));
      return button;
    }));
  }
  $("result").hidden = !snapshot.over;
  $("result").textContent = snapshot.error || snapshot.result || "";
  document.body.dataset.version = snapshot.version;
}

function showLegend(legend) {
  $("legend").replaceChildren(...Object.entries(legend.sides).map(([side, colour]) => {
    const span = document.createElement("span");
    span.className = "side";
    span.style.background = colour;
    span.textContent = side;
    return span;
  }), document.createTextNode(" terrain: " + legend.terrain.join(", ")));
}

function showTurns(turns, now) {
  $("turns").replaceChildren(...turns.map((label, index) => {
    const li = document.createElement("li");
    li.textContent = label;
    if (index === now) li.className = "now";
    return li;
  }));
}

// The game's off-map displays (boxes of counters, tracks) as they stand now,
// drawn by the server; a game without any shows none.
let displaysShown = null;  // the picture drawn now: redrawn only when it changes
function showDisplays(svg) {
  const box = $("displays");
  if (svg !== displaysShown) {
    box.innerHTML = svg || "";
    displaysShown = svg;
  }
  box.hidden = !svg || past !== null;
}

function showPanel(rows) {
  const table = $("panel");
  table.replaceChildren();
  if (!rows.length) return;
  const labels = Object.keys(rows[0].values);
  const head = table.insertRow();
  for (const text of ["", "side", ...labels]) {
    const th = document.createElement("th");
    th.textContent = text;
    head.appendChild(th);
  }
  for (const row of rows) {
    const tr = table.insertRow();
    for (const text of [row.id, row.side, ...labels.map((l) => row.values[l])]) {
      tr.insertCell().textContent = text;
    }
  }
}

function filterLog() {
  const wanted = $("search").value.toLowerCase();
  for (const div of $("log").children) {
    div.classList.toggle("hidden-by-search",
                        wanted !== "" && !div.textContent.toLowerCase().includes(wanted));
  }
}
$("search").addEventListener("input", filterLog);
$("undo").addEventListener("click", () => {
  $("refused").hidden = true;
  socket.send(JSON.stringify({undo: true}));
});
$("why").addEventListener("change", () =>
  $("log").classList.toggle("explaining", $("why").checked));

// Pan (drag) and zoom (wheel, around the pointer) by one transform of the
// vector map: smooth at any size, and a click that did not drag still answers.
const view = {x: 0, y: 0, scale: 1};
let drag = null;
function place() {
  $("map").style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
}
$("board").addEventListener("wheel", (event) => {
  event.preventDefault();
  const box = $("board").getBoundingClientRect();
  const px = event.clientX - box.left, py = event.clientY - box.top;
  const factor = event.deltaY < 0 ? 1.15 : 1 / 1.15;
  const scale = Math.min(4, Math.max(0.1, view.scale * factor));
  view.x = px - (px - view.x) * (scale / view.scale);
  view.y = py - (py - view.y) * (scale / view.scale);
  view.scale = scale;
  place();
}, {passive: false});
$("board").addEventListener("mousedown", (event) => {
  drag = {x: event.clientX, y: event.clientY, vx: view.x, vy: view.y, moved: false};
});
window.addEventListener("mousemove", (event) => {
  if (!drag) return;
  const dx = event.clientX - drag.x, dy = event.clientY - drag.y;
  if (Math.abs(dx) + Math.abs(dy) > 4) drag.moved = true;
  if (drag.moved) {
    view.x = drag.vx + dx;
    view.y = drag.vy + dy;
    place();
  }
});
window.addEventListener("mouseup", () => { setTimeout(() => { drag = null; }, 0); });

function answer(index) {
  $("refused").hidden = true;
  socket.send(JSON.stringify({question: asking ? asking.id : null, answer: index}));
}

// A click on the map answers with the hex clicked (a counter's, or the terrain's
// under it); the umpire refuses a hex that is not one of the choices.
function clickedHex(target) {
  const piece = target.closest("g[data-hex]");
  if (piece) return piece.dataset.hex;
  const polygon = target.closest("polygon");
  const title = polygon && polygon.querySelector("title");
  return title ? title.textContent.split(" ")[0] : null;
}

$("board").addEventListener("click", (event) => {
  if (drag && drag.moved) return;  // the end of a pan, not a choice
  if (past !== null) {  // an earlier moment is shown: answers are given on the map of now
    if (asking && event.target.closest("#live")) {
      $("refused").hidden = false;
      $("refused").textContent = "the map shows an earlier moment: back to now to answer";
    }
    return;
  }
  const piece = event.target.closest("g.piece.choice");
  if (asking && piece && piece.dataset.id in asking.pieces) {
    answer(asking.pieces[piece.dataset.id]);
    return;
  }
  const hex = clickedHex(event.target);
  if (!asking || !hex) return;
  $("refused").hidden = true;
  socket.send(JSON.stringify({question: asking.id, hex: hex}));
});

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}${location.pathname}ws?token=` +
                         encodeURIComponent(token));
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if ("seat" in message) {
      seat = message.seat;
      seats = message.seats || [];
      $("seat").textContent = seats.length ? "you play " + seats.join(" and ") : "watching";
      $("save").hidden = !seat;
      $("save").href = "save?token=" + encodeURIComponent(token);
    } else if (message.refused) {
      $("refused").hidden = false;
      $("refused").textContent = "refused: " + message.refused;
    } else if (message.snapshot) {
      show(message.snapshot);
    }
  };
  socket.onclose = () => setTimeout(connect, 1000);
}

connect();
