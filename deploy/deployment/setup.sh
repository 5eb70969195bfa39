#!/usr/bin/env bash
# Installs the Debian packages the server needs and, with --tests, what the tests need too.
# Installs only what is missing; safe to run again. (PostgreSQL is for the tests and for a
# cluster, deploy/deployment/cluster.sh: one server stores in SQLite and needs none.)
# Usage: deploy/deployment/setup.sh [--tests]
set -euo pipefail

sudo=""
if [[ "$(id -u)" -ne 0 ]]; then sudo="sudo"; fi

apt_install() {
  echo "Installing $*" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@"
}

# The word list the word grid plays with, SQLite for the embedded database, libwebsockets for
# the transport, and its libuv plugin for the libuv event loop (epoll, for many connections: the
# server's default where it loads, else lws's own poll loop).
packages=(wamerican-large libsqlite3-dev libwebsockets-dev libwebsockets-evlib-uv pkg-config)
# The browser test drives headless Chromium; the TLS test makes a certificate with openssl; the
# PostgreSQL tests start a server of their own from Debian's postgresql (deploy/deployment/postgres.sh).
if [[ "${1:-}" == "--tests" ]]; then
  packages+=(chromium chromium-driver openssl postgresql)
fi

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$package")
done
if ((${#missing[@]} > 0)); then apt_install "${missing[@]}"; fi

# The end-to-end tests use Python's websockets and selenium packages, and axe-core (bundled by
# axe-selenium-python) for the browser test's accessibility check: module:package.
if [[ "${1:-}" == "--tests" ]]; then
  # NB: A fresh Debian's python3 has no pip; Debian's package brings it.
  python3 -m pip --version >/dev/null 2>&1 || apt_install python3-pip
  for entry in websockets:websockets selenium:selenium axe_selenium_python:axe-selenium-python; do
    module="${entry%%:*}" package="${entry#*:}"
    if ! python3 -c "import $module" 2>/dev/null; then
      echo "Installing the Python $package package" >&2
      python3 -m pip install --quiet --user "$package" 2>/dev/null \
        || python3 -m pip install --quiet --user --break-system-packages "$package"
    fi
  done
fi
