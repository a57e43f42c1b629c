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

function show(snapshot) {
  $("title").textContent = snapshot.title;
  $("turn").textContent = snapshot.over ? "game over" : "turn " + snapshot.turn;
  $("board").innerHTML = snapshot.svg;
  const log = $("log");
  log.textContent = snapshot.log.join("\n");
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
  const hex = clickedHex(event.target);
  if (!asking || !hex) return;
  $("refused").hidden = true;
  socket.send(JSON.stringify({question: asking.id, hex: hex}));
});

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws?token=${encodeURIComponent(token)}`);
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if ("seat" in message) {
      seat = message.seat;
      seats = message.seats || [];
      $("seat").textContent = seats.length ? "you play " + seats.join(" and ") : "watching";
      $("save").hidden = !seat;
      $("save").href = "/save?token=" + encodeURIComponent(token);
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
