#!/usr/bin/env bash
# Builds the documentation (DocC, with swift-docc-plugin) of the products people program against:
# the library (ComposableArchitecture, with its catalog of articles), the server (GameServerMain,
# with its catalog: getting started, adding a game, testing, the wire protocol, serving, the
# cluster, security, architecture, benchmarks), the game seam (GameServerGame) and the testing kit
# (GameServerTesting). Every warning is an error: a symbol link that does not resolve, an article
# link to nowhere, a parameter left undocumented where others are documented.
# The archives are in .build/plugins/Swift-DocC/outputs/<Target>.doccarchive; to browse them,
# `swift package --disable-sandbox preview-documentation --target GameServerMain` (or any of them).
# Usage: deploy/checks/docs.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
swift package --disable-sandbox generate-documentation --warnings-as-errors \
  --target ComposableArchitecture --target GameServerMain --target GameServerGame --target GameServerTesting
