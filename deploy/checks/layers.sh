#!/usr/bin/env bash
# Checks the layers (the Architecture article, "Layers and folders": Sources/GameServerMain/
# Documentation.docc/Architecture.md): every target of the package is in the numbered list of
# layers there, a target names (depends on) targets of its own layer or below only, and
# Package.swift declares the targets in the order of their layers (then the test targets).
# Usage: deploy/checks/layers.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
swift package describe --type json | python3 -c '
import json, re, sys
package = json.load(sys.stdin)
readme = open("Sources/GameServerMain/Documentation.docc/Architecture.md").read()
section = readme[readme.index("**Layers**"):]
section = section[:section.index("\n\n", section.index("\n1. "))]
layers = {}
for number, names in re.findall(r"^(\d+)\. \*\*[^*]+\*\*[^:]*: (.+)$", section, re.M):
    for name in re.findall(r"`(\w+)`", names):
        layers[name] = int(number)
targets = {t["name"]: t for t in package["targets"] if t["type"] != "test"}
problems = [f"{name} is in no layer of the Architecture article" for name in sorted(set(targets) - set(layers))]
for name, target in sorted(targets.items()):
    for dependency in target.get("target_dependencies", []):
        if name in layers and dependency in layers and layers[dependency] > layers[name]:
            problems.append(f"{name} (layer {layers[name]}) names {dependency} (layer {layers[dependency]})")
declared = re.findall(r"\.(?:target|executableTarget|macro|systemLibrary|testTarget)\(\s*name: \"(\w+)\"",
                      open("Package.swift").read())
seen_test = False
last = 0
# NB: Only the targets this run has (the fuzzer is declared, after the tests, when fuzzing).
for name in (name for name in declared if name in targets or name.endswith("Tests")):
    if name.endswith("Tests") and name not in targets:
        seen_test = True
        continue
    if seen_test:
        problems.append(f"Package.swift declares {name} among the test targets")
    elif layers.get(name, last) < last:
        problems.append(f"Package.swift declares {name} (layer {layers[name]}) after layer {last}")
    last = max(last, layers.get(name, last))
if problems:
    sys.exit("The layers are crossed:\n  " + "\n  ".join(problems))
print(f"{len(targets)} targets in {len(set(layers.values()))} layers, each naming only its own layer or those below")
'
