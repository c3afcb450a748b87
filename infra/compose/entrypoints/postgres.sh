#!/bin/sh
# Entrypoint of the postgres:15 stand-in (infra/compose/build-images.sh): the official image's
# first-start contract (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB, PGDATA).
set -e
export PGDATA="${PGDATA:-/var/lib/postgresql/data}"
case "$1" in -*) set -- postgres "$@" ;; esac
if [ "$1" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  user="${POSTGRES_USER:-postgres}"
  db="${POSTGRES_DB:-$user}"
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "postgres stand-in: POSTGRES_PASSWORD is required (as in the official image)" >&2; exit 1
  fi
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb -D "$PGDATA" --username="$user" --pwfile="$pwfile" --auth-local=trust \
    --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    psql -v ON_ERROR_STOP=1 --username "$user" --dbname postgres -qc "CREATE DATABASE \"$db\""
    pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  fi
  echo "postgres stand-in: initialised $PGDATA (user $user, database $db)"
fi
exec "$@"
