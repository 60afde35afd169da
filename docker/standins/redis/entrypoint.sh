#!/bin/sh
# The official image's redis-server answers other containers without a password: its build turns
# protected mode off by default. Debian's keeps it on, so it is turned off here, and only for
# redis-server; any other command runs as given.
set -e
if [ "$1" = redis-server ]; then
  shift
  exec redis-server --protected-mode no "$@"
fi
exec "$@"
