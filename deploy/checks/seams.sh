#!/usr/bin/env bash
# Checks the plug-in seam (the article "Adding a game", AddingAGame.md): the server's modules (core, wire protocol, ratings,
# storage, cluster, transport, testing kits, the app, the embeddable server) depend on no game module, directly or through another target, and
# their sources import none. A game is a target under Games/ other than the seam (Games/Game);
# the catalog (GameServerCatalog) is the one module that names them. Battleship, written as a game
# from outside would be, names (and imports) only the package's library products.
# Usage: deploy/checks/seams.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
swift package describe --type json | python3 -c '
import json, pathlib, re, sys
package = json.load(sys.stdin)
targets = {t["name"]: t for t in package["targets"]}
games = {name for name, t in targets.items() if t["path"].startswith("Games/") and t["path"] != "Games/Game"}
named = games | {"GameServerCatalog"}
agnostic = ["GameServerCore", "GameServerWire", "GameServerRoom", "GameServerMatchmaking", "GameServerLogin",
            "GameServerRatings", "GameServerDatabase", "GameServerSQLite", "GameServerPostgres", "GameServerCluster", "GameServerTransport",
            "GameServerTesting", "GameServerPostgresTesting", "GameServerApp", "GameServerMain"]
def closure(name, seen):
    for dependency in targets[name].get("target_dependencies", []):
        if dependency in targets and dependency not in seen:
            seen.add(dependency)
            closure(dependency, seen)
    return seen
problems = []
for name in agnostic:
    wrong = closure(name, set()) & named
    if wrong:
        problems.append(f"{name} depends on {sorted(wrong)}")
    for source in pathlib.Path(targets[name]["path"]).rglob("*.swift"):
        for module in re.findall(r"^\s*(?:@_exported\s+)?import\s+(\w+)", source.read_text(), re.M):
            if module in named:
                problems.append(f"{source} imports {module}")
if not games:
    problems.append("no game module found under Games/")
# NB: Battleship is written as a game from outside would be: it names only library products.
products = {name for p in package["products"] if "library" in p["type"] for name in p["targets"]}
products |= {"Foundation", "Synchronization"}
outside = ["GameServerBattleship"]
for name in outside:
    for dependency in targets[name].get("target_dependencies", []):
        if dependency not in products:
            problems.append(f"{name} names {dependency}, which is no product of the package")
    for source in pathlib.Path(targets[name]["path"]).rglob("*.swift"):
        for module in re.findall(r"^\s*(?:@_exported\s+)?import\s+(\w+)", source.read_text(), re.M):
            if module in targets and module not in products:
                problems.append(f"{source} imports {module}, which is no product of the package")
if problems:
    sys.exit("The game seam is crossed:\n  " + "\n  ".join(problems))
listed = ", ".join(sorted(games))
apart = ", ".join(outside)
print(f"{len(agnostic)} server modules name none of the {len(games)} games ({listed}); {apart} names only products")
'
