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
  $("live").innerHTML = snapshot.live;
  const q = snapshot.question;
  if (!q || !seats.includes(q.side)) return;
  for (const g of $("live").querySelectorAll("g.piece")) {
    if (g.dataset.id in q.pieces) g.classList.add("choice");
  }
}

function show(snapshot) {
  $("title").textContent = snapshot.title;
  $("turn").textContent = snapshot.over ? "game over" : "turn " + snapshot.turn;
  if (mapReady) showLive(snapshot);
  else waiting = snapshot;
  showTurns(snapshot.turns, snapshot.turn_index);
  showLegend(snapshot.legend);
  showPanel(snapshot.panel);
  const log = $("log");
  log.replaceChildren(...snapshot.log.map((line) => {
    const div = document.createElement("div");
    div.textContent = line;
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
