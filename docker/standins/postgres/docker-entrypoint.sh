#!/bin/bash
# Initialises an empty data directory from POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB, the
# way the official image does it (a first server on the Unix socket only creates the database, then
# stops), and then runs the command. Like the official image's, the server says "ready to accept
# connections" twice on a first start, once on later ones: Testcontainers waits for the second.
set -euo pipefail

if [ "${1:0:1}" = '-' ]; then
  set -- postgres "$@"
fi

if [ "$1" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "POSTGRES_PASSWORD is required to initialise the database (this stand-in has no trust mode)" >&2
    exit 1
  fi
  user=${POSTGRES_USER:-postgres}
  database=${POSTGRES_DB:-$user}
  initdb --username="$user" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") \
    --encoding=UTF8 --locale=C.UTF-8 --auth-local=trust --auth-host=scram-sha-256 > /dev/null
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  echo "host replication all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start
  if [ "$database" != postgres ]; then
    psql -v ON_ERROR_STOP=1 --username="$user" --dbname=postgres \
      -c "CREATE DATABASE \"$database\""
  fi
  pg_ctl -D "$PGDATA" -m fast -w stop
  echo "PostgreSQL init process complete; ready for start up."
fi

exec "$@"
