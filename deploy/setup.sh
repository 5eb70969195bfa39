#!/usr/bin/env bash
# Installs the Debian packages the server and its tests need (--tests is accepted for the test
# command; today both need the same).
# Installs only what is missing; safe to run again.
# Usage: deploy/setup.sh [--tests]
set -euo pipefail

# The word list the word grid plays with (the tests use it too), and SQLite for the embedded database.
packages=(wamerican-large libsqlite3-dev)

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
