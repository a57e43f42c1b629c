// The replay viewer: adds up the frames' changes and moves the map's counters.
// The drawing itself (counters, badges, the map) is the SVG that
// kriegsspiel.tools.render wrote; this script only positions and shows it.
"use strict";
(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const data = JSON.parse(document.getElementById("game-data").textContent);
  const frames = data.frames;
  const slider = document.getElementById("slider");
  const pieceEls = Array.from(document.querySelectorAll("#pieces > g.piece"));
  const hexLayer = document.getElementById("hexmarkers");

  // The board after each frame: [hex, face, markers] per piece, markers per hex,
  // and the off-map displays: the pieces in each box, each track row's text.
  const boards = [];
  let pieces = data.pieces.map(() => [null, "front", []]);
  let hexes = {};
  let boxes = {};
  let rows = {};
  for (const frame of frames) {
    pieces = pieces.slice();
    for (const [i, value] of Object.entries(frame.p)) pieces[Number(i)] = value;
    if (Object.keys(frame.h).length) {
      hexes = Object.assign({}, hexes, frame.h);
    }
    if (frame.x && frame.x.b) boxes = Object.assign({}, boxes, frame.x.b);
    if (frame.x && frame.x.t) rows = Object.assign({}, rows, frame.x.t);
    boards.push({ pieces: pieces, hexes: hexes, boxes: boxes, rows: rows });
  }

  // Where each piece in a display box stands: its centre, and the box's number.
  function boxPlaces(board) {
    const at = {};
    for (const [b, members] of Object.entries(board.boxes)) {
      const [x, y, perRow] = data.boxSlots[Number(b)];
      members.forEach((i, k) => {
        at[i] = [x + (k % perRow) * data.slotStep, y + Math.floor(k / perRow) * data.slotStep, b];
      });
    }
    return at;
  }

  function showRows(board) {
    document.querySelectorAll("g.display-track").forEach((g) => {
      const key = g.getAttribute("data-id").replace(/^track-/, "");
      const value = g.querySelectorAll("text")[1];
      if (value) value.textContent = board.rows[key] || "";
    });
  }

  function badges(labels, x, y) {
    const g = document.createElementNS(SVG, "g");
    labels.forEach((label, k) => {
      const use = document.createElementNS(SVG, "use");
      use.setAttribute("href", "#badge-" + data.badges.indexOf(label));
      use.setAttribute("x", x);
      use.setAttribute("y", y + 12 * k);
      g.appendChild(use);
    });
    return g;
  }

  function show(index) {
    const board = boards[index];
    const stacks = {};
    board.pieces.forEach((p, i) => {
      if (p[0] !== null && data.centres[p[0]]) (stacks[p[0]] = stacks[p[0]] || []).push(i);
    });
    const slot = {};
    for (const [hex, members] of Object.entries(stacks)) {
      members.forEach((i, k) => { slot[i] = [hex, k, members.length]; });
    }
    const inBox = data.boxSlots ? boxPlaces(board) : {};
    if (data.boxSlots) showRows(board);
    pieceEls.forEach((el, i) => {
      const [hex, face, markers] = board.pieces[i];
      if (i in inBox) {
        el.setAttribute("transform", `translate(${inBox[i][0]},${inBox[i][1]})`);
        el.removeAttribute("data-hex");
        el.setAttribute("data-box", inBox[i][2]);
      } else if (!(i in slot)) {
        el.classList.add("hidden"); el.removeAttribute("data-hex"); el.removeAttribute("data-box");
        return;
      } else {
        const [, k, n] = slot[i];
        const shift = k - (n - 1) / 2;
        const [cx, cy] = data.centres[hex];
        el.setAttribute("transform", `translate(${cx + shift * data.stackStep},${cy - shift * data.stackStep})`);
        el.setAttribute("data-hex", hex);
        el.removeAttribute("data-box");
      }
      el.classList.remove("hidden");
      el.querySelectorAll(".face").forEach((f) => {
        f.style.display = f.classList.contains("face-" + face) ? "" : "none";
      });
      const holder = el.querySelector(".markers");
      holder.replaceChildren(badges(markers, data.pieceMarkerAt[0], data.pieceMarkerAt[1]));
    });
    hexLayer.replaceChildren();
    for (const [hex, labels] of Object.entries(board.hexes)) {
      if (!labels.length || !data.centres[hex]) continue;
      const [cx, cy] = data.centres[hex];
      hexLayer.appendChild(badges(labels, cx + data.hexMarkerAt[0], cy + data.hexMarkerAt[1]));
    }
    const frame = frames[index];
    document.getElementById("event-text").textContent = frame.text;
    document.getElementById("position").textContent =
      `event ${index + 1} / ${frames.length} (log #${frame.seq})`;
    const label = data.turnLabels[frame.turn];
    document.getElementById("turn-label").textContent =
      index < data.setupFrames ? "set-up" : label ? "turn " + label : "after the last turn";
    const list = document.getElementById("event-list");
    list.replaceChildren();
    for (let j = Math.max(0, index - 11); j <= index; j++) {
      const li = document.createElement("li");
      li.textContent = `#${frames[j].seq}  ${frames[j].text}`;
      if (j === index) li.className = "current";
      list.appendChild(li);
    }
    document.querySelectorAll("#turns button").forEach((b) => {
      b.classList.toggle("current", Number(b.dataset.frame) <= index &&
        (b.nextElementSibling === null || Number(b.nextElementSibling.dataset.frame) > index));
    });
  }

  function go(index) {
    index = Math.max(0, Math.min(frames.length - 1, index));
    slider.value = String(index);
    show(index);
  }

  slider.max = String(frames.length - 1);
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.getElementById("prev").addEventListener("click", () => go(Number(slider.value) - 1));
  document.getElementById("next").addEventListener("click", () => go(Number(slider.value) + 1));
  let timer = null;
  const playButton = document.getElementById("play");
  function toggle() {
    if (timer) { clearInterval(timer); timer = null; playButton.textContent = "▶ play"; return; }
    playButton.textContent = "⏸ pause";
    timer = setInterval(() => {
      if (Number(slider.value) >= frames.length - 1) { toggle(); return; }
      go(Number(slider.value) + 1);
    }, 400);
  }
  playButton.addEventListener("click", toggle);
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowLeft") go(Number(slider.value) - 1);
    else if (e.key === "ArrowRight") go(Number(slider.value) + 1);
    else if (e.key === " ") { e.preventDefault(); toggle(); }
  });
  const turns = document.getElementById("turns");
  data.turns.forEach((t, n) => {
    const b = document.createElement("button");
    b.textContent = `${n + 1}: ${t.label}`;
    b.dataset.frame = t.frame;
    b.className = "turn";
    b.addEventListener("click", () => go(t.frame));
    turns.appendChild(b);
  });
  go(data.turns.length ? data.turns[0].frame : 0);
})();
