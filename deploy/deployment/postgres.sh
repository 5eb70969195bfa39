#!/usr/bin/env bash
# A PostgreSQL server of its own in a folder, on loopback, from Debian's postgresql package (its
# binaries are in /usr/lib/postgresql/VERSION/bin, not on the PATH; GAME_SERVER_POSTGRES_BIN names
# another folder). As root it runs as the postgres user: initdb refuses to run as root.
# Usage: deploy/deployment/postgres.sh start FOLDER [PORT]   makes the database if new, starts it, prints its address
#        deploy/deployment/postgres.sh stop FOLDER           stops it (fast shutdown)
#        deploy/deployment/postgres.sh restart FOLDER        stops it and starts it again on the same port
set -euo pipefail

command=${1:?usage: deploy/deployment/postgres.sh start|stop|restart FOLDER [PORT]}
folder=${2:?usage: deploy/deployment/postgres.sh start|stop|restart FOLDER [PORT]}

bin=${GAME_SERVER_POSTGRES_BIN:-}
if [[ -z "$bin" ]]; then
  version=$(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -1)
  [[ -n "$version" ]] && bin=/usr/lib/postgresql/$version/bin
fi
[[ -x "$bin/initdb" ]] || { echo "PostgreSQL is not installed: run deploy/deployment/setup.sh --tests (Debian's postgresql)" >&2; exit 1; }

as_owner=()
if [[ "$(id -u)" -eq 0 ]]; then as_owner=(runuser -u postgres --); fi

mkdir -p "$folder"
folder=$(cd "$folder" && pwd)
if [[ "$(id -u)" -eq 0 ]]; then
  chown postgres: "$folder"
  runuser -u postgres -- test -x "$folder" \
    || { echo "The postgres user cannot reach $folder: make its parent folders readable (chmod 755)" >&2; exit 1; }
fi

case "$command" in
  start)
    port=${3:-}
    if [[ -z "$port" ]]; then
      port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    fi
    if [[ ! -f "$folder/data/PG_VERSION" ]]; then
      "${as_owner[@]}" "$bin/initdb" -D "$folder/data" -U postgres --auth=trust -E UTF8 --locale=C >"$folder/initdb.log" 2>&1 \
        || { cat "$folder/initdb.log" >&2; exit 1; }
    fi
    echo "$port" >"$folder/port"
    "${as_owner[@]}" "$bin/pg_ctl" -D "$folder/data" -l "$folder/postgres.log" -w -t 60 \
      -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$folder -c max_connections=300" start >/dev/null \
      || { tail -20 "$folder/postgres.log" >&2; exit 1; }
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    "${as_owner[@]}" "$bin/pg_ctl" -D "$folder/data" -m fast -w stop >/dev/null
    ;;
  restart)
    "${as_owner[@]}" "$bin/pg_ctl" -D "$folder/data" -m fast -w stop >/dev/null
    port=$(cat "$folder/port")
    "${as_owner[@]}" "$bin/pg_ctl" -D "$folder/data" -l "$folder/postgres.log" -w -t 60 \
      -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$folder -c max_connections=300" start >/dev/null
    ;;
  *) echo "usage: deploy/deployment/postgres.sh start|stop|restart FOLDER [PORT]" >&2; exit 2 ;;
esac
