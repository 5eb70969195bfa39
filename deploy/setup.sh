#!/usr/bin/env bash
# Installs the Debian packages the server needs and, with --tests, what the tests need too.
# Installs only what is missing; safe to run again.
# Usage: deploy/setup.sh [--tests]
set -euo pipefail

# The word list the word grid plays with, SQLite for the embedded database, libwebsockets for
# the transport.
packages=(wamerican-large libsqlite3-dev libwebsockets-dev pkg-config)
# The browser test drives headless Chromium.
if [[ "${1:-}" == "--tests" ]]; then
  packages+=(chromium chromium-driver openssl)
fi

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$package")
done

if ((${#missing[@]} > 0)); then
  sudo=""
  if [[ "$(id -u)" -ne 0 ]]; then sudo="sudo"; fi
  echo "Installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The end-to-end tests use Python's websockets and selenium packages.
if [[ "${1:-}" == "--tests" ]]; then
  for module in websockets selenium; do
    if ! python3 -c "import $module" 2>/dev/null; then
      echo "Installing the Python $module package" >&2
      python3 -m pip install --quiet --user "$module" 2>/dev/null \
        || python3 -m pip install --quiet --user --break-system-packages "$module"
    fi
  done
fi
