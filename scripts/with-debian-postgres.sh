#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL from Debian's `postgresql` package (15 on Debian 12, the oldest
# version the server supports), with TEST_DATABASE_URL pointing at it, and stops the cluster when the command ends:
#
#   bash scripts/with-debian-postgres.sh npx vitest run --project server server/test/postgres
#
# With --if-installed first, a machine without the package runs nothing and says so (`npm test` uses this: the server
# suite has already run on the embedded PostgreSQL; .ci/run installs the package, so CI runs it on both).
# The cluster listens on 127.0.0.1 only (port PG_PORT, 55499 unless set), with no Unix socket, and runs as the user
# postgres when started by root (PostgreSQL refuses to run as root). Its data directory is removed on exit.
set -euo pipefail

port="${PG_PORT:-55499}"

if_installed=false
if [ "${1:-}" = --if-installed ]; then
  if_installed=true
  shift
fi
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  if $if_installed; then
    echo "Debian's postgresql is not installed: the server suite ran on the embedded PostgreSQL only" \
      "(apt-get install -y postgresql to run it on PostgreSQL 15 too)"
    exit 0
  fi
  echo "Debian's postgresql is not installed (apt-get install -y postgresql)" >&2
  exit 1
fi
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
version="$(basename "$(dirname "$bin")")"
if [ "$version" -lt 15 ]; then
  echo "Debian's PostgreSQL is $version; the server needs 15 or later" >&2
  exit 1
fi

as_postgres() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$1"; else sh -c "$1"; fi
}

dir="$(mktemp -d /tmp/pg-debian.XXXXXX)"
chmod 755 "$dir"
password="$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')"
printf '%s\n' "$password" > "$dir/password"
[ "$(id -u)" = 0 ] && chown -R postgres:postgres "$dir"

stop() {
  as_postgres "'$bin/pg_ctl' stop -D '$dir/data' -m fast -w" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

as_postgres "'$bin/initdb' -D '$dir/data' --username=postgres --pwfile='$dir/password' --auth=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8" >/dev/null
# As the embedded test cluster (server/test/postgres/global-setup.ts): nothing waits for the disk. A test database is a
# CREATE DATABASE ... TEMPLATE, which otherwise syncs every file it copies. Killing postgres (database-crash.test)
# loses nothing either way: what it wrote is in the operating system's cache.
as_postgres "'$bin/pg_ctl' start -D '$dir/data' -l '$dir/postgres.log' -w -o \"-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off\"" >/dev/null
echo "$("$bin/postgres" --version) on 127.0.0.1:$port"

export TEST_DATABASE_URL="postgres://postgres:$password@127.0.0.1:$port/postgres"
"$@"
