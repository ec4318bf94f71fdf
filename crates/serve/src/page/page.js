// The page of `godtab serve`: lists the tables (GET /v1/tables), asks
// POST /v1/solve with "states": true, and draws the answer's states one
// move at a time: a tile puzzle's board, the 3x3x3 cube's facelet net, or
// any other state as text. Its inputs also come from the URL
// (?table=eight-puzzle&state=...; &at=N opens the answer at its N-th
// move), so a position can be shared as a link.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const WRITTEN = ["state", "scramble", "facelets"];
const FACE_COLOURS = { U: "#ffffff", R: "#c41e3a", F: "#009e60", D: "#ffd500", L: "#ff5800", B: "#0051ba" };
// Where each face of a facelet string (U R F D L B) lies on the net, in
// units of a face.
const NET = { U: [1, 0], R: [2, 1], F: [1, 1], D: [1, 2], L: [0, 1], B: [3, 1] };

let tables = [];
let walk = null;

const $ = (id) => document.getElementById(id);

function svg(name, attributes, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

function table() {
  return tables.find((t) => t.name === $("table").value);
}

function say(text, isError) {
  $("answer").textContent = text;
  $("answer").classList.toggle("error", Boolean(isError));
}

// The table's facts and histogram.
function describe(t) {
  $("about-name").textContent = t.name;
  const facts = $("facts");
  facts.replaceChildren();
  const rows = [
    ["puzzle", t.puzzle_kind],
    ["table", t.kind + (t.encoding ? ` (${t.encoding})` : "")],
    ["states", Number(t.states).toLocaleString("en-US")],
    ["God's number", t.gods_number ?? "not known from this table"],
    ["moves", t.moves.join(" ")],
    ["answers", t.optimal ? "optimal" : "within a length, not known to be optimal"],
  ];
  for (const [name, value] of rows) {
    const dt = document.createElement("dt");
    dt.textContent = name;
    const dd = document.createElement("dd");
    dd.textContent = String(value);
    facts.append(dt, dd);
  }
  const written = $("written");
  written.querySelector('[value="facelets"]').disabled = !t.facelets;
  if (!t.facelets && written.value === "facelets") written.value = "state";
  if (!$("text").value && t.goal) $("text").placeholder = t.goal;
  histogram(t, null);
  draw(t, t.goal);
}

// The histogram as bars, the bar of `distance` marked.
function histogram(t, distance) {
  const box = $("histogram");
  if (!t.histogram) {
    box.replaceChildren();
    const p = document.createElement("p");
    p.className = "quiet";
    p.textContent = "The histogram is known from a complete table; this is a " + t.kind + " table.";
    box.appendChild(p);
    return;
  }
  const counts = t.histogram;
  const most = Math.max(...counts);
  const width = 400, height = 180, bottom = 20, top = 16;
  const step = width / counts.length;
  const plot = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", id: "histogram-plot" });
  svg("title", {}, plot).textContent = `${t.name}: states at each distance`;
  counts.forEach((count, d) => {
    const h = most ? ((height - bottom - top) * count) / most : 0;
    const bar = svg("rect", {
      class: d === distance ? "bar now" : "bar",
      x: d * step + 1, y: height - bottom - h, width: Math.max(step - 2, 1), height: Math.max(h, count ? 1 : 0),
    }, plot);
    svg("title", {}, bar).textContent = `distance ${d}: ${count.toLocaleString("en-US")} states`;
    if (counts.length <= 16 || d % 5 === 0) {
      svg("text", { x: d * step + step / 2, y: height - 6, "text-anchor": "middle" }, plot).textContent = d;
    }
  });
  svg("text", { x: 2, y: 11 }, plot).textContent = `${most.toLocaleString("en-US")} states at most`;
  box.replaceChildren(plot);
}

// A state's words: tiles in reading order.
function tiles(text, cells) {
  const words = text.trim().split(/\s+/);
  if (words.length === cells) return words;
  const letters = [...text.replace(/\s+/g, "")];
  return letters.length === cells ? letters : null;
}

// `text` drawn: tiles on the table's board, facelets on the cube's net, or
// the text itself.
function draw(t, text) {
  const board = $("board");
  if (text == null) { board.replaceChildren(); return; }
  const cells = t.board && tiles(text, t.board.rows * t.board.cols);
  if (cells) {
    board.replaceChildren(grid(t.board, cells));
  } else if (/^[URFDLB]{54}$/.test(text.trim())) {
    board.replaceChildren(net(text.trim()));
  } else {
    const pre = document.createElement("pre");
    pre.textContent = text;
    board.replaceChildren(pre);
  }
}

function grid(shape, cells) {
  const size = 64, gap = 4;
  const width = shape.cols * size + gap, height = shape.rows * size + gap;
  const plot = svg("svg", { viewBox: `0 0 ${width} ${height}`, width: Math.min(width * 1.5, 420), role: "img", class: "tiles" });
  svg("rect", { x: 0, y: 0, width, height, rx: 6, fill: "#5b4a32" }, plot);
  cells.forEach((tile, i) => {
    const x = (i % shape.cols) * size + gap, y = Math.floor(i / shape.cols) * size + gap;
    if (tile === "x") return;
    svg("rect", { x, y, width: size - gap, height: size - gap, rx: 5, fill: "var(--tile)", stroke: "var(--tile-edge)" }, plot);
    svg("text", {
      x: x + (size - gap) / 2, y: y + (size - gap) / 2 + 9, "text-anchor": "middle",
      "font-size": 26, "font-weight": 600, fill: "#3b2b12",
    }, plot).textContent = tile;
  });
  return plot;
}

function net(facelets) {
  const cell = 20, face = cell * 3 + 4;
  const plot = svg("svg", { viewBox: `0 0 ${face * 4 + 4} ${face * 3 + 4}`, width: 420, role: "img", class: "cube" });
  "URFDLB".split("").forEach((name, f) => {
    const [fx, fy] = NET[name];
    for (let i = 0; i < 9; i++) {
      const letter = facelets[f * 9 + i];
      svg("rect", {
        x: fx * face + 4 + (i % 3) * cell, y: fy * face + 4 + Math.floor(i / 3) * cell,
        width: cell - 2, height: cell - 2, rx: 2, fill: FACE_COLOURS[letter], stroke: "#222",
      }, plot);
    }
  });
  return plot;
}

// The walk's state `i`: the board, the step count, the moves done.
function show(i) {
  if (!walk) return;
  walk.at = Math.max(0, Math.min(i, walk.states.length - 1));
  const t = table();
  draw(t, walk.states[walk.at]);
  $("step").textContent = `${walk.at} / ${walk.moves.length}`;
  $("first").disabled = $("back").disabled = walk.at === 0;
  $("forward").disabled = $("last").disabled = walk.at === walk.moves.length;
  [...$("moves").children].forEach((li, m) => {
    li.className = m < walk.at - 1 ? "done" : m === walk.at - 1 ? "now" : "";
  });
  if (t.optimal && walk.distance != null) histogram(t, walk.distance - walk.at);
  // The link keeps the move the answer is open at.
  const link = new URLSearchParams(location.search);
  if (walk.at > 0) link.set("at", walk.at); else link.delete("at");
  history.replaceState(null, "", `?${link}`);
}

function answered(reply) {
  $("moves").replaceChildren();
  if (reply.error) {
    walk = null;
    say(reply.error, true);
    return;
  }
  const t = table();
  if (!reply.solvable) {
    walk = null;
    say(`${reply.state}: unsolvable: the goal cannot be reached from it`);
    draw(t, reply.state);
    return;
  }
  const moves = reply.moves;
  const count = moves.length === 1 ? "1 move" : `${moves.length} moves`;
  const kind = reply.distance == null ? " (within the length asked, not known to be optimal)" : " (optimal)";
  say(moves.length ? `${count}${kind}: ${moves.join(" ")}` : "solved (0 moves)");
  walk = { states: [reply.state, ...(reply.states || [])], moves, distance: reply.distance, at: 0 };
  moves.forEach((name, m) => {
    const li = document.createElement("li");
    li.textContent = name;
    li.title = `move ${m + 1}`;
    li.addEventListener("click", () => show(m + 1));
    $("moves").appendChild(li);
  });
  show(0);
}

async function solve() {
  const t = table();
  const written = $("written").value;
  const text = $("text").value.trim() || t.goal || "";
  const params = new URLSearchParams({ table: t.name, [written]: text });
  history.replaceState(null, "", `?${params}`);
  say("asking…");
  try {
    const response = await fetch("/v1/solve", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ table: t.name, [written]: text, states: true }),
    });
    answered(await response.json());
  } catch (e) {
    walk = null;
    say(`no answer: ${e}`, true);
  }
}

async function start() {
  $("form").addEventListener("submit", (e) => { e.preventDefault(); solve(); });
  $("table").addEventListener("change", () => { walk = null; $("moves").replaceChildren(); say(""); describe(table()); });
  $("first").addEventListener("click", () => show(0));
  $("back").addEventListener("click", () => show(walk.at - 1));
  $("forward").addEventListener("click", () => show(walk.at + 1));
  $("last").addEventListener("click", () => show(walk.moves.length));
  try {
    tables = await (await fetch("/v1/tables")).json();
  } catch (e) {
    say(`the tables could not be listed: ${e}`, true);
    return;
  }
  for (const t of tables) {
    const option = document.createElement("option");
    option.value = option.textContent = t.name;
    $("table").appendChild(option);
  }
  const url = new URLSearchParams(location.search);
  const named = tables.find((t) => t.name === url.get("table"));
  if (url.get("table") && !named) say(`no table of ${url.get("table")} here`, true);
  $("table").value = (named || tables.find((t) => t.name === "eight-puzzle") || tables[0]).name;
  describe(table());
  const written = WRITTEN.find((w) => url.has(w));
  if (named && written) {
    $("written").value = written;
    $("text").value = url.get(written);
    await solve();
    const at = Number(url.get("at"));
    if (walk && Number.isInteger(at) && at > 0) show(at);
  }
}

start();
