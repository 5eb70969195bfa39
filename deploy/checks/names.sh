#!/usr/bin/env bash
# Checks the naming rule (the Architecture article, "Layers and folders"): every target but ComposableArchitecture and its macro
# target (and their test targets) is named GameServer…, and so is every library product but
# ComposableArchitecture, so that no name can collide with a user's own modules.
# Usage: deploy/checks/names.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
swift package describe --type json | python3 -c '
import json, sys
package = json.load(sys.stdin)
library = {"ComposableArchitecture", "ComposableArchitectureMacros"}
exempt = library | {name + "Tests" for name in library}
wrong = [t["name"] for t in package["targets"] if t["name"] not in exempt and not t["name"].startswith("GameServer")]
wrong += [p["name"] for p in package["products"]
          if "library" in p["type"] and p["name"] not in library and not p["name"].startswith("GameServer")]
if wrong:
    sys.exit("Named against the rule (every target and library product starts with GameServer): " + ", ".join(wrong))
targets, products = len(package["targets"]), len(package["products"])
print(f"{targets} targets and {products} products follow the naming rule")
'
