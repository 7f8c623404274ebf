#!/bin/sh
# What the official postgres image's entrypoint does for POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB and PGDATA:
# on an empty data directory, initialise it (password authentication over TCP from anywhere), create the database,
# then run the server as postgres, listening on every interface.
set -eu
if [ "$1" = postgres ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ "$1" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?is required: the official image refuses to start a database without one}"
  user="${POSTGRES_USER:-postgres}"
  database="${POSTGRES_DB:-$user}"
  password_file="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" > "$password_file"
  initdb --username="$user" --pwfile="$password_file" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$password_file"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  # Only the socket while the database is made, so nothing sees the server ready before it is.
  pg_ctl --wait --options="-c listen_addresses=''" start >/dev/null
  if [ "$database" != postgres ]; then
    psql -v ON_ERROR_STOP=1 --username="$user" --dbname=postgres -q -c "CREATE DATABASE \"$database\""
  fi
  pg_ctl --wait --mode=fast stop >/dev/null
  echo "PostgreSQL init process complete; ready for start up."
fi
exec "$@"
