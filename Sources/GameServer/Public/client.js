// A small browser client for the game server's protocol (see the README).
const $ = (id) => document.getElementById(id);
const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/`);
let requestNumber = 0;
let room = null;

function send(message) {
  requestNumber += 1;
  socket.send(JSON.stringify({ v: 1, id: String(requestNumber), ...message }));
}

socket.addEventListener("open", () => {
  const token = localStorage.getItem("token");
  if (token) send({ type: "resume", token });
});

socket.addEventListener("message", (event) => {
  const message = JSON.parse(event.data);
  switch (message.type) {
    case "welcome":
      localStorage.setItem("token", message.token);
      $("me").textContent = message.name;
      $("login").hidden = true;
      $("lobby").hidden = false;
      break;
    case "queued":
      $("status").textContent = "Waiting for an opponent…";
      break;
    case "room":
      room = message.room;
      $("lobby").hidden = true;
      $("game").hidden = false;
      if (message.game === "tictactoe") drawTicTacToe(message.view);
      break;
    case "roomLeft":
      room = null;
      $("game").hidden = true;
      $("lobby").hidden = false;
      $("status").textContent = "";
      break;
    case "error":
      if (message.code === "unknown_token") localStorage.removeItem("token");
      $("error").textContent = message.message;
      break;
  }
});

function drawTicTacToe(view) {
  const board = $("board");
  board.replaceChildren();
  view.board.forEach((row, rowIndex) => {
    [...row].forEach((mark, column) => {
      const cell = document.createElement("button");
      cell.textContent = mark === "." ? "" : mark;
      cell.dataset.row = rowIndex;
      cell.dataset.column = column;
      cell.addEventListener("click", () => send({ type: "move", cell: { row: rowIndex, column } }));
      board.append(cell);
    });
  });
  if (view.outcome) {
    const result = view.outcome.result === "draw" ? "Draw" : `${view.outcome.winner} wins`;
    $("turn").textContent = view.outcome.winner === view.you ? "You win!" : result;
  } else {
    $("turn").textContent = view.turn === view.you ? "Your move" : `Waiting for ${view.turn}`;
  }
}

$("guest").addEventListener("click", () => send({ type: "guest", name: $("name").value }));
document.querySelectorAll("[data-queue]").forEach((button) =>
  button.addEventListener("click", () => send({ type: "queue", game: button.dataset.queue })));
document.querySelectorAll("[data-bot]").forEach((button) =>
  button.addEventListener("click", () => send({ type: "playBot", game: button.dataset.bot })));
$("rematch").addEventListener("click", () => send({ type: "rematch" }));
$("leave").addEventListener("click", () => send({ type: "leaveRoom" }));
