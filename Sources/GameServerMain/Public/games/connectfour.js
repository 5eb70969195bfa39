// Connect Four in the browser client: seven columns to drop discs into, the last disc falling
// into place, and the winning four marked.
"use strict";
(() => {
  let dropped = null; // the last disc animated, so that a redraw does not animate it again
  let lastColumn = null; // the column last clicked, to name in a refusal

  function status(view) {
    if (view.outcome) {
      const { result, winner } = view.outcome;
      if (result === "draw") return "A draw: the board is full.";
      // NB: The room says why (who resigned, ran out of time, stayed away or left).
      const why = GameClient.why();
      const how = why ? `: ${why}` : "";
      if (!view.you) return `${winner} (${GameClient.nameOf(view[winner.toLowerCase()])}) wins${how}.`;
      return winner === view.you ? `You win${how}!` : `You lose${how}.`;
    }
    if (!view.you) return `Watching: ${view.turn} (${GameClient.nameOf(view[view.turn.toLowerCase()])}) to move.`;
    return view.turn === view.you ? `Your move (you are ${view.you}).` : `Waiting for ${view.turn}.`;
  }

  GameClient.register("connectfour", {
    html: `
      <style>
        /* Seven columns of at most 3rem that fit the screen's width: 44 px or more at 360 px. */
        #c4-board { --cell: min(3rem, calc((100vw - 3rem) / 7)); display: grid; grid-template-columns: repeat(7, var(--cell));
          gap: 0.15rem; padding: 0.5rem; background: #1a5fb4; border-radius: 0.5rem; width: max-content; margin: 1rem 0; }
        #c4-board button { width: var(--cell); height: var(--cell); border-radius: 50%; border: none; background: #f6f6f2;
          cursor: pointer; font-size: 0; }
        #c4-board button.X { background: #e01b24; }
        #c4-board button.O { background: #f6d32d; }
        /* The winning four: a dark ring inside the disc, 3:1 or more against red and yellow alike
           (WCAG 1.4.11); the focus ring white against the board's blue. */
        #c4-board button.line { box-shadow: inset 0 0 0 0.3rem #241f31; }
        #c4-board button:focus-visible { outline-color: #ffffff; }
        #c4-board button.drop { animation: c4-drop 0.35s ease-in; }
        @keyframes c4-drop { from { transform: translateY(calc(var(--fall) * -3.3rem)); } to { transform: none; } }
      </style>
      <div id="c4-board" role="group" aria-label="Connect Four board, arrow keys move between cells" data-columns="7"></div>
      <p id="c4-status" aria-live="polite"></p>
      <p id="c4-players" class="hint"></p>
      <div class="row">
        <button id="c4-rematch">Rematch</button>
        <button id="c4-resign">Resign</button>
        <button class="leave">Leave</button>
      </div>`,

    setUp() {
      $("c4-rematch").addEventListener("click", () => GameClient.send({ type: "rematch" }));
      $("c4-resign").addEventListener("click", () => {
        if (confirm("Resign this game?")) GameClient.send({ type: "resign" });
      });
    },

    /** A refusal of a click in the board's own words: columns counted from 1. */
    explain(error) {
      return error.code === "column_full" && lastColumn !== null ? `Column ${lastColumn + 1} is full.` : null;
    },

    draw({ room, view }) {
      const line = new Set((view.outcome?.cells ?? []).map((c) => `${c.row},${c.column}`));
      const last = view.lastMove ? `${room}:${view.gameNumber}:${view.moveNumber}` : null;
      const animate = last !== null && last !== dropped;
      dropped = last;
      // NB: Rebuilt with the focus kept where it was.
      GameClient.keepFocus($("c4-board"), () => $("c4-board").replaceChildren(...view.board.flatMap((row, r) => [...row].map((disc, c) => {
        const cell = document.createElement("button");
        cell.setAttribute("aria-label", `row ${r + 1} column ${c + 1}${disc === "." ? "" : `: ${disc}`}`);
        cell.dataset.column = String(c);
        if (disc !== ".") cell.classList.add(disc);
        if (line.has(`${r},${c}`)) cell.classList.add("line");
        if (animate && view.lastMove.row === r && view.lastMove.column === c) {
          cell.classList.add("drop");
          cell.style.setProperty("--fall", String(r + 1));
        }
        cell.addEventListener("click", () => {
          lastColumn = c;
          GameClient.send({ type: "drop", column: c });
        });
        return cell;
      }))));
      $("c4-status").textContent = status(view);
      GameClient.yourMove(!view.outcome && view.you && view.turn === view.you);
      // NB: Only the buttons that can be used: none of them for a spectator.
      $("c4-rematch").hidden = !view.you || !view.outcome;
      $("c4-resign").hidden = !view.you || Boolean(view.outcome);
      GameClient.playing = Boolean(view.you) && !view.outcome;
      const other = view.you === "X" ? "O" : "X";
      GameClient.offer(
        Boolean(view.you && view.outcome) && view.rematchRequests.includes(other) && !view.rematchRequests.includes(view.you),
        [view[other.toLowerCase()]]);
      // NB: A bar for each colour, the one to move with its clock.
      GameClient.bars([["X", "Red"], ["O", "Yellow"]].map(([side, colour]) => ({
        player: view[side.toLowerCase()], mark: colour, toMove: !view.outcome && view.turn === side, endsAt: view.moveEndsAt,
      })));
      $("c4-players").textContent = `X (red): ${GameClient.nameOf(view.x)} · O (yellow): ${GameClient.nameOf(view.o)} · game ${view.gameNumber}`
        + (view.rematchRequests.length ? ` · rematch asked by ${view.rematchRequests.join(" and ")}` : "");
    },
  });
})();
