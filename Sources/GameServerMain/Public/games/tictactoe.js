// Tic-tac-toe in the browser client: a 3×3 board of buttons.
"use strict";
let tttLastCell = null; // the cell last clicked, to name in a refusal
GameClient.register("tictactoe", {
  html: `
    <div id="board" role="group" aria-label="Tic-tac-toe board, arrow keys move between cells" data-columns="3"></div>
    <p id="ttt-status" aria-live="polite"></p>
    <p id="ttt-players" class="hint"></p>
    <div class="row">
      <button id="rematch">Rematch</button>
      <button id="ttt-resign">Resign</button>
      <button class="leave">Leave</button>
    </div>`,

  setUp() {
    $("rematch").addEventListener("click", () => GameClient.send({ type: "rematch" }));
    $("ttt-resign").addEventListener("click", () => {
      if (confirm("Resign this game?")) GameClient.send({ type: "resign" });
    });
  },

  /** A refusal of a click in the board's own words: rows and columns counted from 1. */
  explain(error) {
    if (error.code !== "cell_occupied" || !tttLastCell) return null;
    return `Row ${tttLastCell.row + 1}, column ${tttLastCell.column + 1} is taken.`;
  },

  draw({ view }) {
    const line = new Set((view.outcome?.line?.cells ?? []).map((c) => `${c.row},${c.column}`));
    // NB: The board's buttons are made once and updated in place, so the focus stays where it is.
    const board = $("board");
    if (board.children.length !== 9) {
      board.replaceChildren(...[0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => {
        const cell = document.createElement("button");
        cell.addEventListener("click", () => {
          tttLastCell = { row: r, column: c };
          GameClient.send({ type: "move", cell: { row: r, column: c } });
        });
        return cell;
      })));
    }
    view.board.forEach((row, r) => [...row].forEach((mark, c) => {
      const cell = board.children[r * 3 + c];
      cell.textContent = mark === "." ? "" : mark;
      cell.setAttribute("aria-label", `row ${r + 1} column ${c + 1}, ${mark === "." ? "empty" : mark}`);
      cell.classList.toggle("line", line.has(`${r},${c}`));
    }));
    const seated = Boolean(view.you);
    let text;
    if (view.outcome) {
      const { result, winner } = view.outcome;
      // NB: The room says why (who resigned, ran out of time, stayed away or left).
      const why = GameClient.why();
      const how = why ? `: ${why}` : "";
      if (result === "draw") text = "A draw: the board is full.";
      else if (!seated) text = `${winner} (${GameClient.nameOf(view[winner.toLowerCase()])}) wins${how}.`;
      else text = winner === view.you ? `You win${how}!` : `You lose${how}.`;
    } else if (!seated) {
      text = `Watching: ${view.turn} (${GameClient.nameOf(view[view.turn.toLowerCase()])}) to move.`;
    } else {
      text = view.turn === view.you ? `Your move (you are ${view.you}).` : `Waiting for ${view.turn}.`;
    }
    // NB: Only the buttons that can be used: none of them for a spectator.
    $("rematch").hidden = !seated || !view.outcome;
    $("ttt-resign").hidden = !seated || Boolean(view.outcome);
    GameClient.playing = seated && !view.outcome;
    const other = view.you === "X" ? "O" : "X";
    GameClient.offer(
      seated && view.outcome && view.rematchRequests.includes(other) && !view.rematchRequests.includes(view.you),
      [view[other.toLowerCase()]]);
    $("ttt-status").textContent = text;
    GameClient.yourMove(!view.outcome && view.you && view.turn === view.you);
    $("ttt-players").textContent = `X: ${GameClient.nameOf(view.x)} · O: ${GameClient.nameOf(view.o)} · game ${view.gameNumber}`
      + (view.rematchRequests.length ? ` · rematch asked by ${view.rematchRequests.join(" and ")}` : "");
    // NB: A bar for each mark, the one to move with its clock.
    GameClient.bars(["X", "O"].map((mark) => ({
      player: view[mark.toLowerCase()], mark, toMove: !view.outcome && view.turn === mark, endsAt: view.moveEndsAt,
    })));
  },
});
