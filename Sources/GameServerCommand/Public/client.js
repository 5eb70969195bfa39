// The browser client: every message it sends and handles is in the README's protocol section.
"use strict";
const $ = (id) => document.getElementById(id);
const scheme = location.protocol === "https:" ? "wss" : "ws";
let socket;
let requestNumber = 0;
let me = null;
let current = null; // the latest room message
let path = [];      // the faces traced so far

function connect() {
  socket = new WebSocket(`${scheme}://${location.host}/`);
  socket.addEventListener("open", () => {
    const token = localStorage.getItem("token");
    if (token) send({ type: "resume", token });
  });
  socket.addEventListener("message", (event) => handle(JSON.parse(event.data)));
  socket.addEventListener("close", () => setTimeout(connect, 1000));
}

function send(message) {
  requestNumber += 1;
  $("error").textContent = "";
  socket.send(JSON.stringify({ v: 1, id: String(requestNumber), ...message }));
}

function show(section) {
  for (const id of ["login", "lobby", "tictactoe", "wordgrid"]) $(id).hidden = id !== section;
}

function variant() {
  const [game, mode] = $("variant").value.split("/");
  return mode ? { game, mode } : { game };
}

function handle(message) {
  switch (message.type) {
    case "welcome":
      localStorage.setItem("token", message.token);
      me = message.player;
      $("me").textContent = message.guest ? `${message.name} (guest)` : message.name;
      if (!message.room) show("lobby");
      send({ type: "leaderboard", ...variant() });
      break;
    case "queued":
      $("status").textContent = "Looking for an opponent…";
      break;
    case "queueLeft":
      $("status").textContent = "";
      break;
    case "privateRoom":
      $("status").textContent = `Share this invite code: ${message.code}`;
      break;
    case "room":
      if (!current || current.room !== message.room) path = [];
      current = message;
      if (message.game === "tictactoe") drawTicTacToe(message.view);
      else drawWordGrid(message.view);
      break;
    case "roomLeft":
      current = null;
      $("status").textContent = "";
      show("lobby");
      break;
    case "leaderboard":
      $("leaderboard").replaceChildren(...message.entries.map((entry) => {
        const item = document.createElement("li");
        item.textContent = `${entry.name}: ${entry.rating} (${entry.wins}-${entry.losses}-${entry.draws})`;
        return item;
      }));
      break;
    case "goodbye":
      localStorage.removeItem("token");
      show("login");
      break;
    case "error":
      if (message.code === "unknown_token") localStorage.removeItem("token");
      $("error").textContent = message.message;
      break;
  }
}

// Tic-tac-toe

function drawTicTacToe(view) {
  show("tictactoe");
  const line = new Set((view.outcome?.line?.cells ?? []).map((c) => `${c.row},${c.column}`));
  $("board").replaceChildren(...view.board.flatMap((row, r) => [...row].map((mark, c) => {
    const cell = document.createElement("button");
    cell.textContent = mark === "." ? "" : mark;
    cell.setAttribute("aria-label", `row ${r + 1} column ${c + 1}`);
    if (line.has(`${r},${c}`)) cell.classList.add("line");
    cell.addEventListener("click", () => send({ type: "move", cell: { row: r, column: c } }));
    return cell;
  })));
  let text;
  if (view.outcome) {
    text = view.outcome.result === "draw" ? "A draw."
      : view.outcome.winner === view.you ? "You win!" : `${view.outcome.winner} wins.`;
  } else if (!view.you) {
    text = `Watching: ${view.turn} to move.`;
  } else {
    text = view.turn === view.you ? `Your move (you are ${view.you}).` : `Waiting for ${view.turn}.`;
  }
  $("ttt-status").textContent = text;
}

// Word grid: the cube seen from (1, 1, 1), drawn back to front.

const SCALE = 40;
const AXIS = { right: 0, top: 1, left: 2 };

function project([x, y, z]) {
  return [(x - z) * Math.cos(Math.PI / 6) * SCALE, (x + z) * 0.5 * SCALE - y * SCALE];
}

function corners(face) {
  const origin = [face.x, face.y, face.z];
  const axis = AXIS[face.face];
  origin[axis] += 1;
  const [a, b] = [0, 1, 2].filter((i) => i !== axis);
  return [[0, 0], [1, 0], [1, 1], [0, 1]].map(([da, db]) => {
    const point = [...origin];
    point[a] += da;
    point[b] += db;
    return point;
  });
}

const key = (face) => `${face.x},${face.y},${face.z},${face.face}`;

function drawWordGrid(view) {
  show("wordgrid");
  const svg = $("cube");
  const playable = new Set(view.playable.map(key));
  const faces = [];
  for (const cube of view.cubes.filter((c) => c.inPlay)) {
    for (const side of ["right", "top", "left"]) {
      faces.push({ x: cube.x, y: cube.y, z: cube.z, face: side, letter: cube[side], uses: cube.uses });
    }
  }
  faces.sort((a, b) => (a.x + a.y + a.z) - (b.x + b.y + b.z));
  const selected = new Set(path.map(key));
  const ns = "http://www.w3.org/2000/svg";
  svg.replaceChildren(...faces.flatMap((face) => {
    const points = corners(face).map(project);
    const polygon = document.createElementNS(ns, "polygon");
    polygon.setAttribute("points", points.map((p) => p.join(",")).join(" "));
    polygon.classList.add(face.face);
    if (face.uses > 0) polygon.classList.add("worn");
    if (selected.has(key(face))) polygon.classList.add("selected");
    polygon.dataset.face = key(face);
    const label = document.createElementNS(ns, "text");
    const [cx, cy] = points.reduce(([sx, sy], [px, py]) => [sx + px / 4, sy + py / 4], [0, 0]);
    label.setAttribute("x", cx);
    label.setAttribute("y", cy);
    label.textContent = face.letter === "QU" ? "Qu" : face.letter;
    if (playable.has(key(face))) {
      polygon.addEventListener("click", () => trace({ x: face.x, y: face.y, z: face.z, face: face.face }));
    } else {
      polygon.style.cursor = "default";
    }
    return [polygon, label];
  }));
  $("word").textContent = path.map((f) => letterAt(view, f)).join("").toLowerCase();
  const ended = view.ended ? `Game over (${view.ended.reason}). Winners: ${view.winners.join(", ")}.` : "";
  const turn = view.mode === "turns" && !view.ended
    ? (view.turn === view.you ? "Your turn." : `Waiting for ${view.turn}.`) : "";
  $("wg-status").textContent = ended || turn || raceClock(view);
  $("players").replaceChildren(...view.players.map((player) => {
    const row = document.createElement("tr");
    const words = player.words ? player.words.map((w) => `${w.word} ${w.score}`).join(", ") : `${player.wordCount} words`;
    for (const text of [player.id === view.you ? "you" : player.id, String(player.score), words]) {
      const cell = document.createElement("td");
      cell.textContent = text;
      row.append(cell);
    }
    return row;
  }));
}

function letterAt(view, face) {
  const cube = view.cubes.find((c) => c.x === face.x && c.y === face.y && c.z === face.z);
  return cube ? cube[face.face] : "?";
}

function trace(face) {
  const index = path.findIndex((f) => key(f) === key(face));
  if (index !== -1 && index === path.length - 1) path.pop();
  else if (index === -1) path.push(face);
  if (current) drawWordGrid(current.view);
}

// Controls

$("guest").addEventListener("click", () => send({ type: "guest", name: $("name").value }));
$("log-in").addEventListener("click", () => send({ type: "login", name: $("name").value, password: $("password").value }));
$("register").addEventListener("click", () => send({ type: "register", name: $("name").value, password: $("password").value }));
$("logout").addEventListener("click", () => send({ type: "logout" }));
$("queue").addEventListener("click", () => send({ type: "queue", ...variant() }));
$("cancel-queue").addEventListener("click", () => send({ type: "cancelQueue" }));
$("play-bot").addEventListener("click", () => send({ type: "playBot", ...variant() }));
$("create-room").addEventListener("click", () => send({ type: "createRoom", ...variant() }));
$("join-room").addEventListener("click", () => send({ type: "joinRoom", code: $("code").value }));
$("spectate").addEventListener("click", () => send({ type: "spectate", room: $("room-id").value }));
$("refresh-leaderboard").addEventListener("click", () => send({ type: "leaderboard", ...variant() }));
$("variant").addEventListener("change", () => send({ type: "leaderboard", ...variant() }));
$("rematch").addEventListener("click", () => send({ type: "rematch" }));
$("ttt-resign").addEventListener("click", () => send({ type: "resign" }));
$("wg-resign").addEventListener("click", () => send({ type: "resign" }));
document.querySelectorAll(".leave").forEach((b) => b.addEventListener("click", () => send({ type: "leaveRoom" })));
$("submit-word").addEventListener("click", () => {
  send({ type: "word", path: path.map(({ x, y, z, face }) => ({ x, y, z, face })) });
  path = [];
});
$("clear-word").addEventListener("click", () => { path = []; if (current) drawWordGrid(current.view); });
$("remove-cube").addEventListener("click", () => {
  const face = path[path.length - 1];
  if (face) send({ type: "removeCube", cube: { x: face.x, y: face.y, z: face.z } });
  path = [];
});
$("pass").addEventListener("click", () => send({ type: "pass" }));

connect();

/** A race's time left, from the deadline the view carries (the server's clock). */
function raceClock(view) {
  if (view.mode !== "race") return "";
  if (!view.raceEndsAt) return `Race: ${view.raceSeconds} s.`;
  const left = Math.max(0, Math.ceil((view.raceEndsAt - Date.now()) / 1000));
  return `Race: ${left} s left.`;
}

// The race clock counts down between views.
setInterval(() => {
  const view = current && current.view;
  if (view && view.mode === "race" && !view.ended) $("wg-status").textContent = raceClock(view);
}, 1000);
