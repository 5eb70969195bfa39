#!/usr/bin/env python3
"""A bot for the game server, using only the documented protocol (the wire protocol article, WireProtocol.md).

    pip install websockets
    python3 bot.py --url ws://127.0.0.1:8080/ --game tictactoe --name pybot
    python3 bot.py --game wordgrid --mode race --words /usr/share/dict/american-english-large
    python3 bot.py --game connectfour --vs-bot

It logs in as a guest, queues for a game, plays it to the end, and prints the result.
"""
import argparse
import asyncio
import itertools
import json
import random

import websockets


# --- Tic-tac-toe: win if possible, block if needed, else the centre, a corner, anything. ---

LINES = [[(r, c) for c in range(3)] for r in range(3)] + [[(r, c) for r in range(3)] for c in range(3)]
LINES += [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]


def tictactoe_move(board, me):
    cell = lambda r, c: board[r][c]
    empty = [(r, c) for r in range(3) for c in range(3) if cell(r, c) == "."]
    other = "O" if me == "X" else "X"
    for mark in (me, other):
        for line in LINES:
            marks = [cell(r, c) for r, c in line]
            if marks.count(mark) == 2 and marks.count(".") == 1:
                return line[marks.index(".")]
    for choice in [(1, 1), (0, 0), (0, 2), (2, 0), (2, 2)]:
        if choice in empty:
            return choice
    return random.choice(empty)


# --- Connect Four: win if possible, block if needed, else the column nearest the centre. ---

def connectfour_drops(board):
    """Each open column with the row its disc would land in (rows top first)."""
    drops = {}
    for column in range(len(board[0])):
        rows = [r for r in range(len(board)) if board[r][column] == "."]
        if rows:
            drops[column] = max(rows)
    return drops


def connectfour_wins(board, row, column, disc):
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        count = 1
        for sign in (1, -1):
            r, c = row + sign * dr, column + sign * dc
            while 0 <= r < len(board) and 0 <= c < len(board[0]) and board[r][c] == disc:
                count += 1
                r, c = r + sign * dr, c + sign * dc
        if count >= 4:
            return True
    return False


def connectfour_move(board, me):
    other = "O" if me == "X" else "X"
    drops = connectfour_drops(board)
    for disc in (me, other):
        for column, row in drops.items():
            if connectfour_wins(board, row, column, disc):
                return column
    centre = (len(board[0]) - 1) / 2
    return min(drops, key=lambda column: (abs(column - centre), random.random()))


# --- Word grid: faces touch when their unit squares share a corner in space. ---

AXIS = {"right": 0, "top": 1, "left": 2}


def corners(face):
    origin = [face["x"], face["y"], face["z"]]
    axis = AXIS[face["face"]]
    origin[axis] += 1
    others = [a for a in range(3) if a != axis]
    points = set()
    for a, b in itertools.product((0, 1), repeat=2):
        point = list(origin)
        point[others[0]] += a
        point[others[1]] += b
        points.add(tuple(point))
    return points


def find_words(view, words, prefixes, played):
    letters = {}
    for cube in view["cubes"]:
        for side in ("right", "top", "left"):
            letters[(cube["x"], cube["y"], cube["z"], side)] = cube[side].lower()
    faces = [(f["x"], f["y"], f["z"], f["face"]) for f in view["playable"]]
    corner = {f: corners({"x": f[0], "y": f[1], "z": f[2], "face": f[3]}) for f in faces}
    found = {}

    def walk(path, text):
        if text not in prefixes:
            return
        if len(text) >= 3 and text in words and text not in played and text not in found:
            found[text] = list(path)
        for face in faces:
            if face not in path and (not path or corner[face] & corner[path[-1]]):
                walk(path + [face], text + letters[face])

    for face in faces:
        walk([face], letters[face])
    return found


def as_path(faces):
    return [{"x": x, "y": y, "z": z, "face": side} for x, y, z, side in faces]


async def play(args):
    words, prefixes = set(), set()
    if args.game == "wordgrid":
        with open(args.words) as file:
            words = {w.strip() for w in file if w.strip().isalpha() and w.strip().islower() and len(w.strip()) >= 3}
        prefixes = {w[:i] for w in words for i in range(1, len(w) + 1)}
    game = {"type": "playBot" if args.vs_bot else "queue", "game": args.game}
    if args.game == "wordgrid":
        game["mode"] = args.mode
    played = set()
    seen = {"room": None}
    url, token = args.url, None
    # A server of a cluster may send the bot to the server its room lives on (`moved`): it
    # connects there and resumes with its token. A server that cannot be reached (it went down
    # a moment ago) is left for the address the bot started from, a second later, where it
    # resumes and is sent on.
    while url:
        try:
            url, token = await play_on(url, token, game, played, seen, args, words, prefixes)
        except (OSError, websockets.InvalidHandshake, websockets.ConnectionClosedError) as error:
            if not token:
                raise
            print(f"cannot reach {url} ({error}); back to {args.url}")
            await asyncio.sleep(1)
            url = args.url


async def play_on(url, token, game, played, seen, args, words, prefixes):
    """Plays on one server; returns the next server and the token when sent elsewhere, else None."""
    async with websockets.connect(url) as socket:
        send = lambda message: socket.send(json.dumps({"v": 1, **message}))
        await send({"type": "resume", "token": token} if token else {"type": "guest", "name": args.name})
        async for raw in socket:
            message = json.loads(raw)
            if message["type"] == "welcome":
                # NB: Not yet in a room (a new session, or one whose queue went with its server):
                # it queues; a room of its elsewhere is announced with `moved`.
                if not message.get("room") and not seen["room"]:
                    await send(game)
                token = message["token"]
            elif message["type"] == "moved":
                return message["url"], token
            elif message["type"] == "error":
                # NB: `unavailable` with `retryAfter` after a resume: the room's server went down;
                # this one sends the bot on (`moved`) once another has taken the room over.
                print("server said:", message["code"], message["message"])
            elif message["type"] == "room":
                seen["room"] = message["room"]
                view = message["view"]
                if view.get("outcome") or view.get("ended"):
                    print("game over:", json.dumps(view.get("outcome") or view.get("ended")))
                    return None, token
                if message["game"] == "tictactoe":
                    if view["turn"] == view["you"]:
                        row, column = tictactoe_move(view["board"], view["you"])
                        await send({"type": "move", "cell": {"row": row, "column": column}})
                elif message["game"] == "connectfour":
                    if view["turn"] == view["you"]:
                        await send({"type": "drop", "column": connectfour_move(view["board"], view["you"])})
                elif any(p["id"] == view["you"] and p["finished"] for p in view["players"]):
                    continue  # done in this race: wait for the others
                elif view["mode"] == "race" or view["turn"] == view["you"]:
                    found = find_words(view, words, prefixes, played)
                    if found:
                        word = max(found, key=len)
                        played.add(word)
                        await asyncio.sleep(args.delay)
                        await send({"type": "word", "path": as_path(found[word])})
                    elif view["playable"]:
                        # No word left: take away a cube to show the ones behind it.
                        face = random.choice(view["playable"])
                        await send({"type": "removeCube", "cube": {k: face[k] for k in ("x", "y", "z")}})
                    else:
                        await send({"type": "pass" if view["mode"] == "turns" else "resign"})
    return None, token


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default="ws://127.0.0.1:8080/")
    parser.add_argument("--name", default="pybot")
    parser.add_argument("--game", choices=["tictactoe", "wordgrid", "connectfour"], default="tictactoe")
    parser.add_argument("--mode", choices=["race", "turns"], default="race")
    parser.add_argument("--vs-bot", action="store_true", help="play a server bot at once")
    parser.add_argument("--words", default="/usr/share/dict/american-english-large")
    parser.add_argument("--delay", type=float, default=0.5, help="seconds to wait before each word")
    asyncio.run(play(parser.parse_args()))


if __name__ == "__main__":
    main()
