// The browser client: every message it sends and handles is in the wire protocol article (Sources/GameServerMain/Documentation.docc/WireProtocol.md).
// This file is the lobby and the connection; each game draws itself from its own script,
// games/<id>.js, loaded when the server lists the game (or a room of it opens) and registered
// with `GameClient.register(id, game)`.
"use strict";
const $ = (id) => document.getElementById(id);
const scheme = location.protocol === "https:" ? "wss" : "ws";
let socket;
let requestNumber = 0;

/** What a game's script sees of the client. */
const GameClient = {
  /** The player id of whoever is logged in. */
  me: null,
  /** The latest `room` message. */
  current: null,
  /** Whether this player is seated in a game that goes on (a game's script says, as it draws). */
  playing: false,
  /**
   * Whether a finished game is on screen as a replay: a game's script draws its frames as room
   * messages, and what it would send meanwhile (a click on the board) is not sent.
   */
  replaying: false,
  /** Who sits in the current room: the `seats` of its first `room` message. */
  seats: [],
  /** The games' scripts, by game id, as they register. */
  games: {},
  /** Loads of the games' scripts, by game id. */
  loading: {},

  send(message) {
    if (GameClient.replaying) return;
    requestNumber += 1;
    $("error").textContent = "";
    socket.send(JSON.stringify({ v: 1, id: String(requestNumber), ...message }));
  },

  /** A seated player's name in the current room (from its `seats`), or the id as it is. */
  nameOf(player) {
    const seat = GameClient.seats.find((s) => s.player === player);
    return seat ? seat.name : player;
  },

  /**
   * Counts down in `element` to `endsAt` (Unix milliseconds, by the server's clock), four times
   * a second, as `${label}: N s left.`; nil `endsAt` clears it. One countdown per element. With
   * `announce` (words such as "Your move"), a screen reader is told at each whole minute left
   * and at 10 s (the element itself is not read out each second).
   */
  countdown(element, endsAt, label, announce = null) {
    // NB: A replay's clocks are long past: none is shown.
    const before = countdowns.get(element);
    countdowns.set(element, endsAt && !GameClient.replaying
      ? { endsAt, label, announce, said: before?.endsAt === endsAt ? before.said : null } : null);
    tick();
  },

  /**
   * Why the game of `message` (the current room's, by default) ended, from the room's
   * `status.end`, as words for a result line ("bob resigned"); null where the game's own words
   * say it (a line, the scores, a draw) or it goes on.
   */
  why(message = GameClient.current) {
    const end = message?.status?.end;
    if (!end) return null;
    const who = end.player === GameClient.me ? "you" : GameClient.nameOf(end.player);
    switch (end.reason) {
      case "resignation": return `${who} resigned`;
      case "time": return `${who} ran out of time`;
      case "forfeit": return `${who} stayed away too long`;
      case "left": return `${who} left the game`;
      case "abandoned": return "everyone left";
      default: return null;
    }
  },

  /**
   * Says in the tab's title whether it is this player's move, so that a player in another tab
   * sees it: a game's script calls it as it draws.
   */
  yourMove(isYours) {
    isYours = Boolean(isYours) && !GameClient.replaying;
    if (isYours && !GameClient.isYourMove) yourMoveCame = true;
    GameClient.isYourMove = isYours;
    document.title = isYours ? "Your move · Games" : "Games";
    $("favicon").href = isYours ? icons.yourMove : icons.plain;
  },

  /** Whether it is this player's move now (as the game's script last said). */
  isYourMove: false,

  /**
   * Draws a bar for each seat: `[{ player, mark, toMove, endsAt }]`, in seat order, with the
   * seat's name and rating (from the room's `seats`), its mark or colour, and for the side to
   * move its clock counting down to `endsAt` (Unix milliseconds); an empty list clears them.
   */
  bars(seats) {
    const bars = $("bars");
    for (const bar of bars.children) GameClient.countdown(bar.lastChild, null);
    bars.replaceChildren(...seats.map(({ player, mark, toMove, endsAt }) => {
      const bar = document.createElement("div");
      bar.className = toMove ? "bar to-move" : "bar";
      const seat = GameClient.seats.find((s) => s.player === player);
      const who = player === GameClient.me ? `${GameClient.nameOf(player)} (you)` : GameClient.nameOf(player);
      const rating = seat?.rating ? ` · ${seat.rating}` : "";
      const markPart = document.createElement("span");
      markPart.className = "mark";
      markPart.textContent = mark;
      const clock = document.createElement("span");
      clock.className = "clock";
      clock.setAttribute("aria-live", "off");
      bar.append(markPart, `${who}${rating}`, clock);
      if (toMove) bar.setAttribute("aria-current", "true");
      GameClient.countdown(clock, toMove ? endsAt : null, "To move", player === GameClient.me ? "Your move" : null);
      return bar;
    }));
  },

  /**
   * Rebuilds the buttons of `container` with `rebuild()`, keeping the keyboard's focus on the
   * button in the same place, so that a redraw does not send it to the top of the page.
   */
  keepFocus(container, rebuild) {
    const focused = [...container.querySelectorAll("button")].indexOf(document.activeElement);
    rebuild();
    if (focused >= 0) container.querySelectorAll("button")[focused]?.focus();
  },

  /**
   * Shows or hides the banner with a rematch offer (Accept, or Decline and leave): a game's
   * script calls it as it draws, with the players who asked (their ids), so that the banner
   * names them ("Ada offers a rematch."; "Ada and Bob offer a rematch.").
   */
  offer(isOffered, from = []) {
    $("offer").hidden = !isOffered || GameClient.replaying;
    if ($("offer").hidden) return;
    const names = from.map((player) => GameClient.nameOf(player));
    $("offer-text").textContent = names.length === 0
      ? "A rematch is offered."
      : `${names.length === 1 ? names[0] : names.slice(0, -1).join(", ") + " and " + names[names.length - 1]} ${names.length === 1 ? "offers" : "offer"} a rematch.`;
  },

  /** Shows one section: `login`, `lobby`, or a game's id. */
  show(section) {
    for (const element of document.querySelectorAll("main > section, #games > section")) {
      element.hidden = element.id !== section;
    }
  },

  /**
   * Registers a game's script: `game.html` is its section's markup, `game.draw(message)` draws a
   * `room` message of it, and `game.setUp(section)`, if given, wires its controls once.
   */
  register(id, game) {
    const section = document.createElement("section");
    section.id = id;
    section.hidden = true;
    section.innerHTML = game.html;
    // NB: Leaving a game in progress loses it: asked first.
    section.querySelectorAll(".leave").forEach((button) =>
      button.addEventListener("click", () => {
        if (GameClient.playing && !confirm("Leave this game? You lose it.")) return;
        GameClient.send({ type: "leaveRoom" });
      }));
    $("games").append(section);
    if (game.setUp) game.setUp(section);
    GameClient.games[id] = game;
  },

  /** Loads a game's script once; resolves when it has registered. */
  load(id) {
    if (!/^[a-z0-9]+$/.test(id)) return Promise.reject(new Error(`bad game id ${id}`));
    if (!GameClient.loading[id]) {
      GameClient.loading[id] = new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = `games/${id}.js`;
        script.onload = () => resolve(GameClient.games[id]);
        script.onerror = () => reject(new Error(`no script for ${id}`));
        document.head.append(script);
      });
    }
    return GameClient.loading[id];
  },
};

/** The tab's icons: a board, and the board with a dot while it is your move. */
const icons = {
  plain: document.getElementById("favicon").href,
  yourMove: document.getElementById("favicon").href.replace(
    "%3C/svg%3E", "%3Ccircle cx='12.5' cy='3.5' r='3.5' fill='%23e66100' stroke='white'/%3E%3C/svg%3E"),
};
/** Set when the player's move came since the last room message was drawn (its sound is played). */
let yourMoveCame = false;

/**
 * Short tones made on the page (no files): a game's start, a move, your turn, and the end.
 * Off when the player turned them off (remembered by the browser).
 */
const sounds = {
  muted: localStorage.getItem("muted") === "1",
  context: null,
  notes: { start: [523, 784], move: [440], turn: [659, 880], end: [784, 659, 523] },

  play(kind) {
    if (this.muted || !kind) return;
    try {
      this.context ??= new AudioContext();
      let at = this.context.currentTime;
      for (const frequency of this.notes[kind]) {
        const tone = this.context.createOscillator();
        const volume = this.context.createGain();
        tone.frequency.value = frequency;
        volume.gain.setValueAtTime(0.08, at);
        volume.gain.exponentialRampToValueAtTime(0.001, at + 0.12);
        tone.connect(volume).connect(this.context.destination);
        tone.start(at);
        tone.stop(at + 0.12);
        at += 0.1;
      }
    } catch {
      // NB: A browser with no sound, or none allowed yet: the game goes on silently.
    }
  },

  /** Shows the switch as it is. */
  show() {
    $("sound").textContent = this.muted ? "Sound off" : "Sound on";
    $("sound").setAttribute("aria-pressed", String(!this.muted));
  },
};

/** The sound a room message makes against the one before it: start, end, a move, or none. */
function soundOf(message, previous) {
  if (!previous || previous.room !== message.room || previous.view?.gameNumber !== message.view?.gameNumber) return "start";
  if (message.status?.end && !previous.status?.end) return "end";
  return JSON.stringify(message.view) !== JSON.stringify(previous.view) ? "move" : null;
}

/** A link to this page that opens with `name=value` (an invite, a room to watch). */
function pageLink(name, value) {
  return `${location.origin}${location.pathname}?${name}=${encodeURIComponent(value)}`;
}

/** Shows `url` in the link `anchor`. */
function showLink(anchor, url) {
  anchor.href = url;
  anchor.textContent = url;
}

// NB: A board whose element says how many columns it has (`data-columns`) is moved about with
//     the arrow keys, from button to button, as its squares lie.
document.addEventListener("keydown", (event) => {
  const board = event.target.closest?.("[data-columns]");
  if (!board || event.target.tagName !== "BUTTON") return;
  const columns = Number(board.dataset.columns);
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns }[event.key];
  if (!step) return;
  const buttons = [...board.querySelectorAll("button")];
  const index = buttons.indexOf(event.target);
  const next = index + step;
  if (next < 0 || next >= buttons.length) return;
  if (Math.abs(step) === 1 && Math.floor(next / columns) !== Math.floor(index / columns)) return;
  event.preventDefault();
  buttons[next].focus();
});

/** The running countdowns, by element. */
const countdowns = new Map();

function tick() {
  for (const [element, countdown] of countdowns) {
    if (!countdown) {
      element.textContent = "";
      countdowns.delete(element);
      continue;
    }
    const left = Math.max(0, Math.ceil((countdown.endsAt - Date.now()) / 1000));
    element.textContent = `${countdown.label}: ${left} s left.`;
    element.classList.toggle("urgent", left <= 5);
    if (countdown.announce && left > 0 && left !== countdown.said && (left % 60 === 0 || left === 10)) {
      countdown.said = left;
      const minutes = left / 60;
      const time = left >= 60 ? `${minutes} ${minutes === 1 ? "minute" : "minutes"}` : `${left} seconds`;
      $("announce").textContent = `${countdown.announce}: ${time} left.`;
    }
  }
}
setInterval(tick, 250);

/**
 * Who of the room is away (with the time their seat is kept, counting down) and who has gone,
 * from the room's `status`, in the line above the game.
 */
function showPresence(message) {
  const presence = $("presence");
  for (const line of presence.children) GameClient.countdown(line.lastChild, null);
  const status = message?.status ?? {};
  const name = (player) => (player === GameClient.me ? "You" : GameClient.nameOf(player));
  const lines = (status.away ?? []).map((away) => {
    const line = document.createElement("span");
    const clock = document.createElement("span");
    // NB: The seconds tick in a part of their own that is not read out each time.
    clock.setAttribute("aria-live", "off");
    line.append(`${name(away.player)} ${away.player === GameClient.me ? "are" : "is"} away. `, clock);
    GameClient.countdown(clock, away.until, "Seat kept");
    return line;
  });
  // NB: A game that ended by someone leaving or staying away says so in its result already.
  const ended = status.end && ["left", "forfeit"].includes(status.end.reason) ? status.end.player : null;
  for (const player of status.left ?? []) {
    if (player === ended) continue;
    const line = document.createElement("span");
    line.textContent = `${name(player)} left the game.`;
    lines.push(line);
  }
  presence.replaceChildren(...lines);
  const series = status.series;
  const draws = series ? series.played - series.wins.reduce((sum, seat) => sum + seat.wins, 0) : 0;
  $("series").textContent = series
    ? `Series, ${series.played} ${series.played === 1 ? "game" : "games"}: `
      + series.wins.map((seat) => `${seat.player === GameClient.me ? "you" : GameClient.nameOf(seat.player)} ${seat.wins}`).join(" · ")
      + (draws > 0 && series.wins.length === 2 ? ` · ${draws} ${draws === 1 ? "draw" : "draws"}` : "")
    : "";
}

/** A game and its mode as the lists show them: `wordgrid (race)`, or `tictactoe`. */
function variantName(game, mode) {
  return mode === "standard" ? game : `${game} (${mode})`;
}

/** The live rooms, each with a button to watch it. */
function listRooms(rooms) {
  $("rooms").replaceChildren(...rooms.map((room) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.className = "link";
    button.textContent = "watch";
    button.addEventListener("click", () => GameClient.send({ type: "spectate", room: room.room }));
    const watching = room.spectators ? `, ${room.spectators} watching` : "";
    item.append(`${variantName(room.game, room.mode)}: ${room.players.join(" vs ")}${watching} `, button);
    return item;
  }));
  if (rooms.length === 0) {
    // NB: A list holds only items, also when it says it is empty.
    const item = document.createElement("li");
    item.textContent = "No games right now.";
    $("rooms").replaceChildren(item);
  }
}

/** The player's last games, newest first: the result, against whom, and the game. */
function listHistory(games) {
  const results = { win: "Won", loss: "Lost", draw: "Drew" };
  $("history").replaceChildren(...games.slice().reverse().map((game) => {
    const item = document.createElement("li");
    const others = game.players.slice();
    const mine = others.indexOf(myName);
    if (mine >= 0) others.splice(mine, 1);
    const against = others.length ? ` against ${others.join(" and ")}` : "";
    const when = game.finishedAt
      ? ` · ${new Date(game.finishedAt).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}` : "";
    // NB: A rated game says how it moved the rating (a game against a bot is not rated).
    const change = typeof game.ratingChange === "number"
      ? ` · rating ${game.ratingChange > 0 ? "+" : game.ratingChange < 0 ? "−" : "±"}${Math.abs(game.ratingChange)}` : "";
    const text = `${results[game.result] ?? game.result}${against} · ${variantName(game.game, game.mode)}${change}${when}`;
    item.textContent = text;
    if (game.number) {
      const button = document.createElement("button");
      button.className = "link";
      button.textContent = "replay";
      button.setAttribute("aria-label", `Replay: ${text}`);
      button.addEventListener("click", () => {
        replay.title = text;
        send({ type: "replay", number: game.number });
      });
      item.append(" ", button);
    }
    return item;
  }));
}

/** A finished game on screen, move by move: its frames (room messages) and the one shown. */
const replay = { frames: [], at: 0, title: "" };

/** Shows a `replay` answer from its start. */
function startReplay(message) {
  if (message.frames.length === 0) return;
  GameClient.replaying = true;
  GameClient.playing = false;
  document.body.classList.add("replaying");
  replay.frames = message.frames;
  replay.at = 0;
  $("replay-title").textContent = replay.title ? `Replay: ${replay.title}.` : "Replay.";
  $("replay").hidden = false;
  showPresence(null);
  showReplayFrame();
  $("replay-forward").focus();
}

/** Draws the frame `replay.at` with its game's own script, as the room message it was. */
function showReplayFrame() {
  const frame = replay.frames[replay.at];
  const moves = replay.frames.length - 1;
  $("replay-step").textContent = replay.at === 0 ? `Start (${moves} ${moves === 1 ? "move" : "moves"})` : `Move ${replay.at} of ${moves}`;
  $("replay-first").setAttribute("aria-disabled", String(replay.at === 0));
  $("replay-back").setAttribute("aria-disabled", String(replay.at === 0));
  $("replay-forward").setAttribute("aria-disabled", String(replay.at === moves));
  $("replay-last").setAttribute("aria-disabled", String(replay.at === moves));
  if (frame.seats) GameClient.seats = frame.seats;
  GameClient.current = frame;
  GameClient.load(frame.game).then((game) => {
    if (!GameClient.replaying || GameClient.current !== frame) return;
    GameClient.show(frame.game);
    game.draw(frame);
  }, (error) => { $("error").textContent = `This client cannot show ${frame.game}: ${error.message}`; });
}

/** Moves the replay to frame `at` (kept within the game). */
function stepReplay(at) {
  const next = Math.max(0, Math.min(replay.frames.length - 1, at));
  if (next === replay.at) return;
  replay.at = next;
  showReplayFrame();
}

/** Leaves the replay for the lobby. */
function endReplay() {
  if (!GameClient.replaying) return;
  GameClient.replaying = false;
  document.body.classList.remove("replaying");
  replay.frames = [];
  $("replay").hidden = true;
  GameClient.current = null;
  GameClient.seats = [];
  GameClient.bars([]);
  $("series").textContent = "";
  GameClient.show("lobby");
}

/** The room's quick-chat phrases as the server names them (`ChatPhrase`), in words. */
const PHRASES = { goodLuck: "Good luck!", wellPlayed: "Well played!", thanks: "Thanks!", rematch: "Rematch?", oops: "Oops!" };

/** Whether the phrases others say are hidden (remembered by the browser). */
let chatMuted = localStorage.getItem("chatMuted") === "1";

function showChatSwitch() {
  $("chat-mute").textContent = chatMuted ? "Chat off" : "Chat on";
  $("chat-mute").setAttribute("aria-pressed", String(!chatMuted));
}

/** A phrase said in the room: the last few are shown, the newest last. */
function heard(message) {
  if (message.room !== GameClient.current?.room) return;
  if (chatMuted && message.player !== GameClient.me) return;
  const line = document.createElement("li");
  const who = message.player === GameClient.me ? "You" : GameClient.nameOf(message.player);
  line.textContent = `${who}: ${PHRASES[message.phrase] ?? message.phrase}`;
  $("chat-log").append(line);
  while ($("chat-log").children.length > 4) $("chat-log").firstChild.remove();
}

/** The name this player plays under. */
let myName = null;
/** This player's ratings by variant (`tictactoe`, `wordgrid-race`), from `welcome` and `rating`. */
let myRatings = {};

/** Shows this player's ratings beside their name. */
function showRatings() {
  const entries = Object.entries(myRatings).sort(([a], [b]) => a.localeCompare(b));
  $("my-ratings").textContent = entries.length
    ? `Your ratings: ${entries.map(([variant, rating]) => `${variant.replace("-", " ")} ${rating}`).join(" · ")}`
    : "Your ratings show here after your first rated game.";
}

/** Where the page came from, and the server of the cluster this client talks to now: a room
 * that lives on another server sends the client there (`moved`). */
const entryURL = `${scheme}://${location.host}/`;
let serverURL = entryURL;
/** How long to wait before connecting again: at once when sent to another server. */
let reconnectDelay = 1000;
/** The invite code to join once connected to the server where its private room waits. */
let pendingJoin = null;

function connect() {
  socket = new WebSocket(serverURL);
  let opened = false;
  socket.addEventListener("open", () => {
    opened = true;
    GameClient.send({ type: "games" });
    const token = localStorage.getItem("token");
    if (token) GameClient.send({ type: "resume", token });
  });
  socket.addEventListener("message", (event) => handle(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    // NB: A server that cannot be reached (it stopped) sends the client back to where it came in.
    if (!opened) serverURL = entryURL;
    setTimeout(connect, reconnectDelay);
    reconnectDelay = 1000;
  });
}

/** Seat counts by variant value (`wordgrid/race`), from the server's list of games. */
const seatRanges = {};
/** The bots' levels by game id, weakest first as the server lists them. */
const botLevels = {};
/** The invite code of the private room this client hosts, if any. */
let hostedCode = null;

function variant() {
  const [game, mode] = $("variant").value.split("/");
  return mode ? { game, mode } : { game };
}

/** The chosen game and mode, and the number of players when the mode seats more than two. */
function choice() {
  const players = Number($("players-count").value);
  return !$("players-label").hidden && players > 2 ? { ...variant(), players } : variant();
}

/** Offers a number of players for a mode that seats more than two. */
function listSeats() {
  const range = seatRanges[$("variant").value] || { min: 2, max: 2 };
  const chosen = $("players-count").value;
  const counts = [];
  for (let count = range.min; count <= range.max; count += 1) counts.push(count);
  $("players-count").replaceChildren(...counts.map((count) => {
    const option = document.createElement("option");
    option.value = String(count);
    option.textContent = String(count);
    return option;
  }));
  if (counts.includes(Number(chosen))) $("players-count").value = chosen;
  $("players-label").hidden = range.max <= 2;
  listBotLevels();
}

/** Offers the chosen game's bot levels, keeping the level chosen when the game has it. */
function listBotLevels() {
  const levels = botLevels[variant().game] ?? [];
  const chosen = $("bot-level").value;
  $("bot-level").replaceChildren(...levels.map((level) => {
    const option = document.createElement("option");
    option.value = level;
    option.textContent = level;
    return option;
  }));
  if (levels.includes(chosen)) $("bot-level").value = chosen;
  $("bot-label").hidden = levels.length < 2;
}

/**
 * Asks the server to keep the lobby current (the live list, and the chosen game's leaderboard):
 * it answers at once, then pushes what changes.
 */
function watchLobby() {
  GameClient.send({ type: "watchLobby", ...($("variant").value ? variant() : {}) });
}

/** The lobby's list of games and modes, from the server. */
function listGames(games) {
  const chosen = $("variant").value;
  $("variant").replaceChildren(...games.flatMap((game) => game.modes.map((mode) => {
    const option = document.createElement("option");
    option.value = game.modes.length > 1 ? `${game.game}/${mode.mode}` : game.game;
    option.textContent = game.modes.length > 1 ? `${game.title}: ${mode.mode}` : game.title;
    seatRanges[option.value] = { min: mode.minPlayers, max: mode.maxPlayers };
    botLevels[game.game] = game.bots ?? [];
    return option;
  })));
  if (chosen) $("variant").value = chosen;
  listSeats();
  for (const game of games) GameClient.load(game.game).catch(() => {});
}

function handle(message) {
  switch (message.type) {
    case "games":
      listGames(message.games);
      // NB: Logged in before the list of games came: the leaderboard of the game now chosen.
      if (GameClient.me) watchLobby();
      break;
    case "moved":
      // NB: The room lives on another server: resume there.
      serverURL = message.url;
      reconnectDelay = 0;
      socket.close();
      break;
    case "joinElsewhere":
      // NB: The private room waits on another server: resume there, and join it.
      pendingJoin = message.code;
      serverURL = message.url;
      reconnectDelay = 0;
      socket.close();
      break;
    case "welcome":
      endReplay();
      // NB: The password is not kept on the page once it has done its work.
      $("password").value = "";
      localStorage.setItem("token", message.token);
      GameClient.me = message.player;
      myName = message.name;
      myRatings = { ...(message.ratings ?? {}) };
      showRatings();
      $("me").textContent = message.guest ? `${message.name} (guest)` : message.name;
      if (!message.room) GameClient.show("lobby");
      if (pendingJoin) {
        send({ type: "joinRoom", code: pendingJoin });
        pendingJoin = null;
      }
      if (pendingWatch && !message.room) {
        send({ type: "spectate", room: pendingWatch });
        pendingWatch = null;
      }
      watchLobby();
      GameClient.send({ type: "history" });
      break;
    case "queued":
      $("status").textContent = "Looking for an opponent…";
      break;
    case "queueLeft":
      hostedCode = null;
      $("invite").hidden = true;
      $("start-room").hidden = true;
      $("status").textContent = message.reason === "room_closed" ? "The host closed the private room." : "";
      break;
    case "privateRoom":
      hostedCode = message.code;
      $("status").textContent = `Share this invite code: ${message.code}`;
      showLink($("invite-url"), pageLink("join", message.code));
      $("invite").hidden = false;
      break;
    case "lobby":
      // A private room for more than two, waiting: who is in, and for its host a start button.
      $("status").textContent =
        `Private room ${message.code}: ${message.players.join(", ")} (${message.players.length} of ${message.seats}).`;
      $("start-room").hidden = message.code !== hostedCode;
      break;
    case "room": {
      // NB: A room of the player's own (a match found, a rematch) ends a replay on screen.
      endReplay();
      hostedCode = null;
      $("start-room").hidden = true;
      $("invite").hidden = true;
      const previous = GameClient.current;
      if (GameClient.current?.room !== message.room) {
        $("result").textContent = "";
        $("chat-log").replaceChildren();
        GameClient.seats = [];
      } else if (message.view?.gameNumber !== GameClient.current.view?.gameNumber) {
        // NB: A rematch began: the last game's rating line goes.
        $("result").textContent = "";
      }
      // NB: The first message of a room names its seats; later ones leave them out.
      if (message.seats) GameClient.seats = message.seats;
      GameClient.current = message;
      // NB: The players say phrases; a spectator sees them.
      $("chat").hidden = false;
      $("chat-say").hidden = !GameClient.seats.some((seat) => seat.player === GameClient.me);
      showPresence(message);
      showLink($("watch-url"), pageLink("watch", message.room));
      $("watch-link").hidden = false;
      const sound = soundOf(message, previous);
      GameClient.load(message.game).then((game) => {
        // NB: Only the latest view is drawn, also when an older one's script loaded later.
        if (GameClient.current !== message) return;
        GameClient.show(message.game);
        yourMoveCame = false;
        game.draw(message);
        sounds.play(sound === "move" && yourMoveCame ? "turn" : sound);
      }, (error) => { $("error").textContent = `This client cannot show ${message.game}: ${error.message}`; });
      break;
    }
    case "roomLeft":
      GameClient.current = null;
      $("chat").hidden = true;
      $("chat-log").replaceChildren();
      GameClient.bars([]);
      showPresence(null);
      GameClient.offer(false);
      $("watch-link").hidden = true;
      GameClient.playing = false;
      GameClient.yourMove(false);
      $("status").textContent = "";
      $("result").textContent = "";
      GameClient.show("lobby");
      watchLobby();
      GameClient.send({ type: "history" });
      break;
    case "history":
      listHistory(message.games);
      break;
    case "replay":
      startReplay(message);
      break;
    case "chat":
      heard(message);
      break;
    case "rooms":
      listRooms(message.rooms);
      break;
    case "rating": {
      // The results panel: the rated game's new rating and what it changed.
      const sign = message.change > 0 ? "+" : "";
      $("result").textContent = `Your ${message.game} rating: ${message.rating} (${sign}${message.change}).`;
      myRatings[message.mode && message.mode !== "standard" ? `${message.game}-${message.mode}` : message.game] = message.rating;
      showRatings();
      break;
    }
    case "leaderboard":
      $("leaderboard").replaceChildren(...message.entries.map((entry) => {
        const item = document.createElement("li");
        item.textContent = `${entry.name}: ${entry.rating} (${entry.wins}-${entry.losses}-${entry.draws})`;
        return item;
      }));
      break;
    case "goodbye":
      localStorage.removeItem("token");
      $("password").value = "";
      GameClient.yourMove(false);
      GameClient.show("login");
      break;
    case "error": {
      if (message.code === "unknown_token") localStorage.removeItem("token");
      // The game on screen may say it in its own words (a cell named as the board names it), and
      // say more where its player looks (why a word was refused).
      const game = GameClient.current && GameClient.games[GameClient.current.game];
      $("error").textContent = (game && game.explain && game.explain(message)) || message.message;
      if (game && game.refused) game.refused(message);
      break;
    }
  }
}

// The lobby's controls

const send = GameClient.send;
$("guest").addEventListener("click", () => send({ type: "guest", name: $("name").value }));
$("login-form").addEventListener("submit", (event) => {
  event.preventDefault();
  send({ type: "login", name: $("name").value, password: $("password").value });
});
$("register").addEventListener("click", () => send({ type: "register", name: $("name").value, password: $("password").value }));
$("logout").addEventListener("click", () => send({ type: "logout" }));
$("queue").addEventListener("click", () => send({ type: "queue", ...choice() }));
$("cancel-queue").addEventListener("click", () => send({ type: "cancelQueue" }));
$("play-bot").addEventListener("click", () => {
  const bot = $("bot-label").hidden ? null : $("bot-level").value;
  send({ type: "playBot", ...choice(), ...(bot ? { bot } : {}) });
});
$("create-room").addEventListener("click", () => send({ type: "createRoom", ...choice() }));
$("start-room").addEventListener("click", () => send({ type: "startRoom" }));
$("join-room").addEventListener("click", () => send({ type: "joinRoom", code: $("code").value }));
$("spectate").addEventListener("click", () => send({ type: "spectate", room: $("room-id").value }));
$("variant").addEventListener("change", () => {
  listSeats();
  watchLobby();
});

$("sound").addEventListener("click", () => {
  sounds.muted = !sounds.muted;
  localStorage.setItem("muted", sounds.muted ? "1" : "0");
  sounds.show();
});
sounds.show();
$("accept-rematch").addEventListener("click", () => send({ type: "rematch" }));
$("chat-say").replaceChildren(...Object.entries(PHRASES).map(([phrase, text]) => {
  const button = document.createElement("button");
  button.textContent = text;
  button.dataset.phrase = phrase;
  button.addEventListener("click", () => send({ type: "chat", phrase }));
  return button;
}));
$("chat-mute").addEventListener("click", () => {
  chatMuted = !chatMuted;
  localStorage.setItem("chatMuted", chatMuted ? "1" : "0");
  showChatSwitch();
});
showChatSwitch();
$("replay-first").addEventListener("click", () => stepReplay(0));
$("replay-back").addEventListener("click", () => stepReplay(replay.at - 1));
$("replay-forward").addEventListener("click", () => stepReplay(replay.at + 1));
$("replay-last").addEventListener("click", () => stepReplay(replay.frames.length - 1));
$("replay-close").addEventListener("click", endReplay);
// NB: While a replay is on screen, the arrow keys step through it (but on a board, where they
//     move between squares), Home and End go to its start and end.
document.addEventListener("keydown", (event) => {
  if (!GameClient.replaying || event.target.closest?.("[data-columns]") || event.target.tagName === "INPUT") return;
  const to = { ArrowLeft: replay.at - 1, ArrowRight: replay.at + 1, Home: 0, End: replay.frames.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  stepReplay(to);
});
$("decline-rematch").addEventListener("click", () => send({ type: "leaveRoom" }));
for (const [button, link] of [["copy-invite", "invite-url"], ["copy-watch", "watch-url"]]) {
  $(button).addEventListener("click", () => {
    navigator.clipboard?.writeText($(link).href).then(
      () => { $(button).textContent = "copied"; setTimeout(() => { $(button).textContent = "copy"; }, 2000); },
      () => { $("error").textContent = "Copy the link by hand: the browser did not allow it."; });
  });
}

// NB: A link can open the page on a private game to join (`?join=CODE`) or a room to watch
//     (`?watch=ROOM`): done once logged in; the address loses the query, so a reload does not
//     do it again.
const opened = new URLSearchParams(location.search);
let pendingWatch = null;
if (/^[A-Za-z0-9]{1,16}$/.test(opened.get("join") ?? "")) {
  pendingJoin = opened.get("join");
  $("code").value = pendingJoin;
  $("login-hint").textContent = `Log in or play as a guest to join the private game ${pendingJoin}.`;
} else if (/^[A-Za-z0-9-]{1,32}$/.test(opened.get("watch") ?? "")) {
  pendingWatch = opened.get("watch");
  $("room-id").value = pendingWatch;
  $("login-hint").textContent = "Log in or play as a guest to watch the game you were sent.";
}
if (location.search) history.replaceState(null, "", location.pathname);

connect();
