// Nim in the browser client, served by nim-server beside the built-in client's files.
"use strict";
GameClient.register("nim", {
  html: `
    <p id="nim-stones" aria-live="polite"></p>
    <div class="row" id="nim-take">
      <button data-take="1">Take 1</button>
      <button data-take="2">Take 2</button>
      <button data-take="3">Take 3</button>
    </div>
    <p id="nim-status"></p>
    <div class="row">
      <button id="nim-resign">Resign</button>
      <button class="leave">Leave</button>
    </div>`,

  setUp() {
    for (const button of document.querySelectorAll("#nim-take button")) {
      button.addEventListener("click", () => GameClient.send({ type: "take", stones: Number(button.dataset.take) }));
    }
    $("nim-resign").addEventListener("click", () => GameClient.send({ type: "resign" }));
  },

  draw({ view }) {
    $("nim-stones").textContent = `${view.stones} stone${view.stones === 1 ? "" : "s"} left: ${"●".repeat(view.stones)}`;
    const mine = view.you !== null && view.you !== undefined && view.toMove === view.players[view.you];
    for (const button of document.querySelectorAll("#nim-take button")) {
      button.disabled = !mine || Number(button.dataset.take) > view.stones;
    }
    $("nim-status").textContent = view.winner
      ? (view.you !== null && view.players[view.you] === view.winner ? "You win!" : `${GameClient.nameOf(view.winner)} wins.`)
      : mine ? "Your move: whoever takes the last stone wins." : `${GameClient.nameOf(view.toMove)} to move.`;
  },
});
