// Battleship in the browser client: place five ships (click a square for the next ship's bow,
// "Turn" to lay it down or across, or "At random"), then fire at the enemy's waters. Your own
// waters show your ships and the enemy's shots; the enemy's show what your shots found.
"use strict";
(() => {
  const size = 10;
  const lengths = [5, 4, 3, 3, 2];
  const names = { 5: "carrier", 4: "battleship", 3: "cruiser", 2: "destroyer" };
  let draft = []; // the ships placed so far in this placing round, before they are sent
  let vertical = false;
  let round = null; // room and game number of the placing round the draft is for

  const squares = (ship) => Array.from({ length: ship.length }, (_, i) =>
    ship.vertical ? [ship.row + i, ship.column] : [ship.row, ship.column + i]);
  const squareName = (row, column) => `${String.fromCharCode(65 + row)}${column + 1}`;

  function fits(ship, ships) {
    const taken = new Set(ships.flatMap(squares).map(([r, c]) => `${r},${c}`));
    return squares(ship).every(([r, c]) => r < size && c < size && !taken.has(`${r},${c}`));
  }

  function randomFleet() {
    const ships = [];
    for (const length of lengths) {
      const places = [];
      for (let row = 0; row < size; row++) for (let column = 0; column < size; column++) {
        for (const v of [false, true]) {
          const ship = { row, column, length, vertical: v };
          if (fits(ship, ships)) places.push(ship);
        }
      }
      ships.push(places[Math.floor(Math.random() * places.length)]);
    }
    return ships;
  }

  function status(view) {
    const you = view.you;
    if (view.phase === "over") {
      const outcome = view.outcome;
      if (outcome.nobodyPlaced !== undefined) return "A draw: neither fleet was placed in time.";
      const [how] = Object.keys(outcome);
      const winner = outcome[how].winner === "first" ? 0 : 1;
      // NB: The room says why (who resigned, ran out of time, stayed away or left).
      const reason = GameClient.why() ?? (how === "sankTheFleet" ? "every ship sunk" : how === "resignation" ? "by resignation" : "on time");
      if (you === null || you === undefined) return `${GameClient.nameOf(view.players[winner])} wins: ${reason}.`;
      return winner === you ? `You win: ${reason}!` : `You lose: ${reason}.`;
    }
    if (view.phase === "placing") {
      if (you === null || you === undefined) return "The fleets are being placed.";
      if (view.placed[you]) return "Your fleet is out. Waiting for the other fleet.";
      const next = lengths[draft.length];
      return next ? `Place your ${names[next]} (${next} squares): click its ${vertical ? "top" : "left"} end.`
        : "Your fleet is ready: send it out.";
    }
    const shot = view.lastShot ? ` Last shot: ${squareName(view.lastShot.row, view.lastShot.column)}, ${view.lastShot.result}.` : "";
    if (you === null || you === undefined) return `Watching: ${GameClient.nameOf(view.players[view.turn])} to fire.${shot}`;
    return (view.turn === you ? "Your shot: click a square of the enemy's waters." : "The enemy is aiming.") + shot;
  }

  function grid(id, rows, { label, onClick, draftShips }) {
    const draftSquares = new Set((draftShips ?? []).flatMap(squares).map(([r, c]) => `${r},${c}`));
    const words = { ".": "", o: "miss", x: "hit", "#": "sunk", S: "ship" };
    $(id).setAttribute("aria-label", label);
    // NB: Rows A to J and columns 1 to 10 named at the edges, as the status names squares.
    const edge = (text) => Object.assign(document.createElement("span"), { className: "bs-edge", textContent: text });
    const header = [edge(""), ...Array.from({ length: size }, (_, c) => edge(String(c + 1)))];
    $(id).dataset.columns = String(size);
    // NB: Rebuilt with the focus kept where it was.
    GameClient.keepFocus($(id), () => $(id).replaceChildren(...header, ...rows.flatMap((row, r) => [edge(String.fromCharCode(65 + r)), ...[...row].map((mark, c) => {
      const cell = document.createElement("button");
      const shown = draftSquares.has(`${r},${c}`) ? "S" : mark;
      cell.className = `bs-${{ ".": "sea", o: "miss", x: "hit", "#": "sunk", S: "ship" }[shown]}`;
      cell.textContent = { ".": "", o: "•", x: "✕", "#": "✕", S: "" }[shown];
      cell.setAttribute("aria-label", `${squareName(r, c)}${words[shown] ? `: ${words[shown]}` : ""}`);
      cell.disabled = !onClick;
      if (onClick) cell.addEventListener("click", () => onClick(r, c));
      return cell;
    })])));
    $(id).querySelectorAll(".bs-edge").forEach((cell) => cell.setAttribute("aria-hidden", "true"));
  }

  GameClient.register("battleship", {
    html: `
      <style>
        .bs-seas { display: flex; flex-wrap: wrap; gap: 1.5rem; }
        .bs-grid { display: grid; grid-template-columns: repeat(11, min(2.2rem, 8vw)); gap: 2px; background: #1c4f7a;
          padding: 4px; border-radius: 0.4rem; width: max-content; }
        .bs-grid .bs-edge { display: flex; align-items: center; justify-content: center; color: #f6f5f4;
          font-size: 0.8rem; }
        .bs-grid button { aspect-ratio: 1; border: none; padding: 0; font-size: 1rem; background: #3584e4; color: #fff; }
        .bs-grid button:enabled { cursor: crosshair; }
        .bs-grid button:enabled:hover { outline: 2px solid #f6d32d; }
        .bs-grid .bs-ship { background: #241f31; }
        .bs-grid .bs-miss { background: #99c1f1; color: #1c4f7a; }
        .bs-grid .bs-hit { background: #e66100; }
        .bs-grid .bs-sunk { background: #a51d2d; }
      </style>
      <div class="bs-seas">
        <div><h2>Your waters</h2><div id="bs-own" class="bs-grid" role="group" aria-label="Your waters"></div></div>
        <div><h2 id="bs-enemy-title">Enemy waters</h2><div id="bs-enemy" class="bs-grid" role="group" aria-label="Enemy waters"></div></div>
      </div>
      <div class="row" id="bs-placing">
        <button id="bs-turn">Turn (across)</button>
        <button id="bs-random">At random</button>
        <button id="bs-clear">Clear</button>
        <button id="bs-send">Send the fleet out</button>
      </div>
      <p id="bs-status" aria-live="polite"></p>
      <p id="bs-clock"></p>
      <p id="bs-players" class="hint"></p>
      <div class="row">
        <button id="bs-rematch">Rematch</button>
        <button id="bs-resign">Resign</button>
        <button class="leave">Leave</button>
      </div>`,

    setUp() {
      const redraw = () => GameClient.current && GameClient.games.battleship.draw(GameClient.current);
      $("bs-turn").addEventListener("click", () => {
        vertical = !vertical;
        $("bs-turn").textContent = `Turn (${vertical ? "down" : "across"})`;
        redraw();
      });
      $("bs-random").addEventListener("click", () => { draft = randomFleet(); redraw(); });
      $("bs-clear").addEventListener("click", () => { draft = []; redraw(); });
      $("bs-send").addEventListener("click", () => GameClient.send({ type: "place", ships: draft }));
      $("bs-rematch").addEventListener("click", () => GameClient.send({ type: "rematch" }));
      $("bs-resign").addEventListener("click", () => {
        if (confirm("Resign this game?")) GameClient.send({ type: "resign" });
      });
    },

    draw({ room, view }) {
      const key = `${room}:${view.gameNumber}`;
      if (key !== round) { round = key; draft = []; }
      const you = view.you ?? null;
      const seated = you !== null;
      const placing = view.phase === "placing" && seated && !view.placed[you];
      const own = seated ? view.waters[you] : view.waters[0];
      const enemy = seated ? view.waters[1 - you] : view.waters[1];
      grid("bs-own", own.rows, {
        label: seated ? "Your waters" : `${GameClient.nameOf(view.players[0])}'s waters`,
        draftShips: placing ? draft : [],
        onClick: placing ? (row, column) => {
          const length = lengths[draft.length];
          const ship = length && { row, column, length, vertical };
          if (ship && fits(ship, draft)) { draft = [...draft, ship]; GameClient.games.battleship.draw(GameClient.current); }
        } : null,
      });
      const firing = view.phase === "firing" && seated && view.turn === you;
      grid("bs-enemy", enemy.rows, {
        label: seated ? "Enemy waters" : `${GameClient.nameOf(view.players[1])}'s waters`,
        onClick: firing ? (row, column) => GameClient.send({ type: "fire", row, column }) : null,
      });
      $("bs-enemy-title").textContent = seated ? `Enemy waters (${enemy.afloat} afloat)` : `${GameClient.nameOf(view.players[1])}'s waters`;
      $("bs-placing").hidden = !placing;
      $("bs-send").disabled = draft.length !== lengths.length;
      $("bs-status").textContent = status(view);
      GameClient.yourMove(!view.outcome && (placing || firing));
      GameClient.playing = seated && view.phase !== "over";
      // NB: A bar for each seat: the one to fire marked, with the shot clock.
      GameClient.bars(view.players.map((player, index) => ({
        player, mark: index === 0 ? "First" : "Second", toMove: view.phase === "firing" && view.turn === index,
        endsAt: view.moveEndsAt,
      })));
      GameClient.offer(
        seated && view.phase === "over" && view.rematchRequests.includes(1 - view.you) && !view.rematchRequests.includes(view.you),
        [view.players[1 - view.you]]);
      // NB: Only the placing clock here: the shot clock is in the bar of the side to fire.
      GameClient.countdown(
        $("bs-clock"), view.phase === "placing" ? view.moveEndsAt : null, "Placing", seated && !view.placed[view.you] ? "Placing" : null);
      $("bs-rematch").hidden = !seated || view.phase !== "over";
      $("bs-resign").hidden = !seated || view.phase === "over";
      $("bs-players").textContent = `${GameClient.nameOf(view.players[0])} fires first · ${GameClient.nameOf(view.players[1])} · game ${view.gameNumber}`
        + (view.rematchRequests.length ? " · a rematch is asked for" : "");
    },
  });
})();
