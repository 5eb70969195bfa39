// Tic-tac-toe in the browser client: a 3×3 board of buttons.
"use strict";
GameClient.register("tictactoe", {
  html: `
    <div id="board"></div>
    <p id="ttt-status"></p>
    <p id="ttt-clock"></p>
    <p id="ttt-players" class="hint"></p>
    <div class="row">
      <button id="rematch">Rematch</button>
      <button id="ttt-resign">Resign</button>
      <button class="leave">Leave</button>
    </div>`,

  setUp() {
    $("rematch").addEventListener("click", () => GameClient.send({ type: "rematch" }));
    $("ttt-resign").addEventListener("click", () => GameClient.send({ type: "resign" }));
  },

  draw({ view }) {
    const line = new Set((view.outcome?.line?.cells ?? []).map((c) => `${c.row},${c.column}`));
    // NB: The board's buttons are made once and updated in place, so the focus stays where it is.
    const board = $("board");
    if (board.children.length !== 9) {
      board.replaceChildren(...[0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => {
        const cell = document.createElement("button");
        cell.addEventListener("click", () => GameClient.send({ type: "move", cell: { row: r, column: c } }));
        return cell;
      })));
    }
    view.board.forEach((row, r) => [...row].forEach((mark, c) => {
      const cell = board.children[r * 3 + c];
      cell.textContent = mark === "." ? "" : mark;
      cell.setAttribute("aria-label", `row ${r + 1} column ${c + 1}, ${mark === "." ? "empty" : mark}`);
      cell.classList.toggle("line", line.has(`${r},${c}`));
    }));
    let text;
    if (view.outcome) {
      text = view.outcome.result === "draw" ? "A draw."
        : view.outcome.winner === view.you ? "You win!" : `${view.outcome.winner} wins.`;
    } else if (!view.you) {
      text = `Watching: ${view.turn} (${GameClient.nameOf(view[view.turn.toLowerCase()])}) to move.`;
    } else {
      text = view.turn === view.you ? `Your move (you are ${view.you}).` : `Waiting for ${view.turn}.`;
    }
    $("ttt-status").textContent = text;
    GameClient.yourMove(!view.outcome && view.you && view.turn === view.you);
    $("ttt-players").textContent = `X: ${GameClient.nameOf(view.x)} · O: ${GameClient.nameOf(view.o)} · game ${view.gameNumber}`
      + (view.rematchRequests.length ? ` · rematch asked by ${view.rematchRequests.join(" and ")}` : "");
    GameClient.countdown($("ttt-clock"), view.outcome ? null : view.moveEndsAt, `${view.turn} to move`);
  },
});
