// The word grid in the browser client: the cube seen from (1, 1, 1), drawn back to front, with
// faces clicked one by one to trace a word.
"use strict";
(() => {
  const SCALE = 40;
  const AXIS = { right: 0, top: 1, left: 2 };
  let path = []; // the faces traced so far
  let room = null; // the room they were traced in
  let submitted = ""; // the word last sent, named when the server refuses it

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

  // The letters' values, A to Z, as the game scores them (`Scoring.letterValues`; a test holds
  // this table to it).
  const LETTER_VALUES = [1, 4, 4, 3, 1, 5, 3, 5, 1, 9, 6, 2, 4, 2, 1, 4, 12, 2, 1, 2, 1, 5, 5, 9, 5, 11];

  /** What a word traced through faces with these letters ("A", "QU") scores, as the game does. */
  function scoreOf(letters) {
    let sum = 0;
    let length = 0;
    for (const letter of letters) {
      for (const character of letter) {
        sum += LETTER_VALUES[character.charCodeAt(0) - 65] ?? 0;
        length += 1;
      }
    }
    return sum * length * Math.max(1, length - 3);
  }

  function letterAt(view, face) {
    const cube = view.cubes.find((c) => c.x === face.x && c.y === face.y && c.z === face.z);
    return cube ? cube[face.face] : "?";
  }

  function redraw() {
    if (GameClient.current && GameClient.current.game === "wordgrid") draw(GameClient.current);
  }

  function trace(face) {
    const index = path.findIndex((f) => key(f) === key(face));
    if (index !== -1 && index === path.length - 1) path.pop();
    else if (index === -1) path.push(face);
    redraw();
  }

  /** Dragging onto a face: it joins the word, or the drag goes back over the last one. */
  function dragTo(face) {
    const index = path.findIndex((f) => key(f) === key(face));
    if (index === path.length - 1) return;
    if (index !== -1 && index === path.length - 2) path.pop();
    else if (index === -1) path.push(face);
    else return;
    redraw();
  }

  /** The playable face under a point of the screen, if any. */
  function faceAt(x, y) {
    const element = document.elementFromPoint(x, y);
    if (!element || element.tagName !== "polygon" || !element.dataset.playable) return null;
    const [fx, fy, fz, side] = element.dataset.face.split(",");
    return { x: Number(fx), y: Number(fy), z: Number(fz), face: side };
  }

  // NB: A word is traced by pointer (mouse, pen or finger): press on a letter, drag across the
  //     letters that follow (back over the last one takes it off), and let go; a press alone
  //     chooses a letter, or takes the last one off.
  let dragging = false;


  /** Why the game ended, in words, and who won: "Time is up. You win with 42 points." */
  function endText(view, mine) {
    const name = (player) => (player === view.you ? "you" : GameClient.nameOf(player));
    const reasons = {
      timeUp: "Time is up",
      allFinished: "Everyone is done",
      cubeCleared: "The cube is cleared",
      allPassed: "Everyone passed",
      turnLimit: `All ${view.turnLimit ?? ""} turns are played`.replace("  ", " "),
      noWordsLeft: "No words are left",
      resigned: `${name(view.ended.player)} resigned`,
    };
    // NB: The room says it where a player stayed away or left.
    const why = GameClient.why();
    const reason = why ? why[0].toUpperCase() + why.slice(1) : reasons[view.ended.reason] ?? "Game over";
    const winners = view.winners ?? [];
    const best = Math.max(...view.players.filter((p) => winners.includes(p.id)).map((p) => p.score ?? 0));
    const points = Number.isFinite(best) ? ` with ${best} points` : "";
    let result;
    if (winners.length === 0 || winners.length === view.players.length && view.players.length > 1) result = "A draw.";
    else if (mine) result = winners.includes(view.you) ? `You win${points}!` : `You lose: ${winners.map(name).join(" and ")} won${points}.`;
    else result = `${winners.map(name).join(" and ")} won${points}.`;
    return `${reason}. ${result}`;
  }

  /** The cubes of the view drawn last, and its room: a cube gone since is shown going. */
  let drawnCubes = null;

  function draw(message) {
    const view = message.view;
    // NB: The players' table is its bars: none of the two-player games' bars.
    GameClient.bars([]);
    if (room !== message.room) path = [];
    room = message.room;
    const svg = $("cube");
    const playable = new Set(view.playable.map(key));
    const faces = [];
    for (const cube of view.cubes.filter((c) => c.inPlay)) {
      for (const side of ["right", "top", "left"]) {
        faces.push({ x: cube.x, y: cube.y, z: cube.z, face: side, letter: cube[side], uses: cube.uses });
      }
    }
    faces.sort((a, b) => (a.x + a.y + a.z) - (b.x + b.y + b.z));
    const inPlay = new Set(view.cubes.filter((c) => c.inPlay).map((c) => `${c.x},${c.y},${c.z}`));
    const gone = drawnCubes?.room === message.room
      ? drawnCubes.cubes.filter((c) => c.inPlay && !inPlay.has(`${c.x},${c.y},${c.z}`)) : [];
    drawnCubes = { room: message.room, cubes: view.cubes };
    const selected = new Set(path.map(key));
    const centers = new Map();
    // NB: Drawn again, the face that had the keyboard's focus gets it back.
    const focused = svg.contains(document.activeElement) ? document.activeElement.dataset.face : null;
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
      centers.set(key(face), [cx, cy]);
      label.setAttribute("aria-hidden", "true");
      if (playable.has(key(face))) {
        polygon.dataset.playable = "true";
        // NB: A letter that can be played is a button for the keyboard and a screen reader.
        polygon.setAttribute("tabindex", "0");
        polygon.setAttribute("role", "button");
        polygon.setAttribute("aria-pressed", String(selected.has(key(face))));
        polygon.setAttribute("aria-label", `${face.letter === "QU" ? "Qu" : face.letter}, ${face.face} face of cube ${face.x + 1}, ${face.y + 1}, ${face.z + 1}`);
      } else {
        polygon.style.cursor = "default";
      }
      return [polygon, label];
    }));
    if (focused) svg.querySelector(`polygon[data-face="${focused}"]`)?.focus();
    // NB: A cube just removed (worn out, or by hand) shrinks and fades where it was, then goes.
    for (const cube of gone) {
      for (const side of ["right", "top", "left"]) {
        const polygon = document.createElementNS(ns, "polygon");
        polygon.setAttribute("points", corners({ ...cube, face: side }).map(project).map((p) => p.join(",")).join(" "));
        polygon.classList.add(side, "gone");
        polygon.addEventListener("animationend", () => polygon.remove());
        svg.append(polygon);
      }
    }
    // NB: A line through the chosen letters, in order, over the faces.
    if (path.length > 1) {
      const line = document.createElementNS(ns, "polyline");
      line.setAttribute("points", path.map((f) => centers.get(key(f))).filter(Boolean).map((p) => p.join(",")).join(" "));
      line.setAttribute("class", "wg-path");
      svg.append(line);
    }
    const letters = path.map((f) => letterAt(view, f));
    $("word").textContent = letters.join("").toLowerCase();
    // NB: What the word would score, if the dictionary has it: from three letters on.
    $("word-score").textContent = letters.join("").length >= 3 ? `(${scoreOf(letters)} points if it is a word)` : "";
    const name = GameClient.nameOf;
    // A word that shows among the player's own was not refused.
    const mine = view.players.find((player) => player.id === view.you);
    if (mine && mine.words && mine.words.some((found) => found.word === submitted)) submitted = "";
    const ended = view.ended ? endText(view, mine) : "";
    const count = `Turn ${Math.min(view.turnsTaken + 1, view.turnLimit)} of ${view.turnLimit}.`;
    const turn = view.mode === "turns" && !view.ended
      ? (view.turn === view.you ? `Your turn. ${count}` : `Waiting for ${name(view.turn)}. ${count}`) : "";
    const race = view.mode === "race" && !view.ended ? `Race for ${view.players.length}.` : "";
    $("wg-status").textContent = ended || turn || race;
    GameClient.playing = Boolean(mine) && !view.ended;
    // NB: Only the buttons that can be used: none for a spectator or once it is over; Pass only
    //     in the turns mode.
    for (const id of ["submit-word", "clear-word", "remove-cube", "wg-resign"]) $(id).hidden = !GameClient.playing;
    $("pass").hidden = !GameClient.playing || view.mode !== "turns";
    $("wg-how").hidden = !GameClient.playing;
    GameClient.yourMove(view.mode === "turns" && !view.ended && Boolean(mine) && view.turn === view.you);
    // The race clock counts down from the deadline in the view, also after a reload.
    // NB: A race's clock, or in turns the clock of the turn under way (a turn not taken passes).
    if (view.mode === "race") GameClient.countdown($("wg-clock"), view.ended ? null : view.raceEndsAt, "Race", view.you ? "Race" : null);
    else {
      const yours = view.you && view.turn === view.you;
      GameClient.countdown($("wg-clock"), view.ended ? null : view.turnEndsAt, yours ? "Your turn" : "Their turn", yours ? "Your turn" : null);
    }
    $("players").replaceChildren(...view.players.map((player) => {
      const row = document.createElement("tr");
      const words = player.words ? player.words.map((w) => `${w.word} ${w.score}`).join(", ") : `${player.wordCount} words`;
      const finished = player.finished && !view.ended ? " (done)" : "";
      for (const text of [(player.id === view.you ? "you" : name(player.id)) + finished, String(player.score), words]) {
        const cell = document.createElement("td");
        cell.textContent = text;
        row.append(cell);
      }
      return row;
    }));
  }

  GameClient.register("wordgrid", {
    html: `
      <div class="grid-layout">
        <svg id="cube" viewBox="-110 -126 220 252" role="group" aria-label="Letter cube: Tab to a letter, Enter to choose it"></svg>
        <div>
          <p class="hint" id="wg-how">Make words from letters that touch: click them in order, then Play word.
            Remove cube takes away the cube of the last letter you chose.</p>
          <p id="wg-status" aria-live="polite"></p>
          <p id="wg-clock"></p>
          <p>Word: <b id="word"></b> <span id="word-score" class="hint"></span></p>
          <p id="wg-refused" class="hint"></p>
          <div class="row">
            <button id="submit-word">Play word</button>
            <button id="clear-word">Clear</button>
            <button id="remove-cube">Remove cube</button>
            <button id="pass">Pass</button>
            <button id="wg-resign">Resign</button>
            <button class="leave">Leave</button>
          </div>
          <table>
            <thead><tr><th scope="col">Player</th><th scope="col">Score</th><th scope="col">Words</th></tr></thead>
            <tbody id="players"></tbody>
          </table>
        </div>
      </div>`,

    setUp() {
      const cube = $("cube");
      cube.addEventListener("pointerdown", (event) => {
        const face = faceAt(event.clientX, event.clientY);
        if (!face) return;
        event.preventDefault();
        dragging = true;
        trace(face);
      });
      cube.addEventListener("pointermove", (event) => {
        if (!dragging) return;
        const face = faceAt(event.clientX, event.clientY);
        if (face) dragTo(face);
      });
      for (const end of ["pointerup", "pointercancel", "pointerleave"]) cube.addEventListener(end, () => { dragging = false; });
      // NB: By keyboard: Enter or Space on a letter chooses it (or takes the last one off).
      cube.addEventListener("keydown", (event) => {
        const polygon = event.target;
        if (!["Enter", " "].includes(event.key) || !polygon.dataset?.playable) return;
        event.preventDefault();
        const [x, y, z, side] = polygon.dataset.face.split(",");
        trace({ x: Number(x), y: Number(y), z: Number(z), face: side });
      });
      $("submit-word").addEventListener("click", () => {
        GameClient.send({ type: "word", path: path.map(({ x, y, z, face }) => ({ x, y, z, face })) });
        submitted = $("word").textContent;
        $("wg-refused").textContent = "";
        path = [];
      });
      $("clear-word").addEventListener("click", () => { path = []; redraw(); });
      $("remove-cube").addEventListener("click", () => {
        const face = path[path.length - 1];
        if (!face) {
          $("wg-refused").textContent = "Choose a letter of the cube to remove first.";
          return;
        }
        // NB: A cube removed is gone for everyone: asked first, naming it by its letter.
        if (!confirm(`Remove the cube of the letter ${$("word").textContent.slice(-1).toUpperCase()}?`)) return;
        submitted = "";
        GameClient.send({ type: "removeCube", cube: { x: face.x, y: face.y, z: face.z } });
        path = [];
      });
      $("pass").addEventListener("click", () => GameClient.send({ type: "pass" }));
      $("wg-resign").addEventListener("click", () => {
        if (confirm("Resign this game?")) GameClient.send({ type: "resign" });
      });
    },

    draw,

    /** Says why the word just sent was refused, beside the word. */
    refused(error) {
      if (submitted) $("wg-refused").textContent = `“${submitted}” was refused: ${error.message}`;
      submitted = "";
    },
  });
})();
