#!/bin/bash
# `start`: a Kafka Connect worker in distributed mode, configured from the environment the way
# Debezium's image configures it. Anything else: run as given.
set -euo pipefail

if [ "${1:-}" != start ]; then
  exec "$@"
fi
for required in BOOTSTRAP_SERVERS GROUP_ID CONFIG_STORAGE_TOPIC OFFSET_STORAGE_TOPIC; do
  if [ -z "${!required:-}" ]; then
    echo "The $required variable must be set." >&2
    exit 1
  fi
done

address=$(hostname -i | cut -d' ' -f1)
properties=/kafka/config/connect-distributed.properties
{
  echo "bootstrap.servers=$BOOTSTRAP_SERVERS"
  echo "group.id=$GROUP_ID"
  echo "config.storage.topic=$CONFIG_STORAGE_TOPIC"
  echo "offset.storage.topic=$OFFSET_STORAGE_TOPIC"
  echo "status.storage.topic=${STATUS_STORAGE_TOPIC:-connect-status}"
  echo "key.converter=${KEY_CONVERTER:-org.apache.kafka.connect.json.JsonConverter}"
  echo "value.converter=${VALUE_CONVERTER:-org.apache.kafka.connect.json.JsonConverter}"
  echo "offset.flush.interval.ms=${OFFSET_FLUSH_INTERVAL_MS:-60000}"
  echo "offset.flush.timeout.ms=${OFFSET_FLUSH_TIMEOUT_MS:-5000}"
  echo "task.shutdown.graceful.timeout.ms=${SHUTDOWN_TIMEOUT:-10000}"
  echo "listeners=http://0.0.0.0:${REST_PORT:-8083}"
  echo "rest.advertised.host.name=${ADVERTISED_HOST_NAME:-$address}"
  echo "rest.advertised.port=${ADVERTISED_PORT:-8083}"
  # Later lines win: the CONNECT_* variables override the above.
  while IFS= read -r name; do
    key=$(printf '%s' "${name#CONNECT_}" | tr '[:upper:]' '[:lower:]' | tr _ .)
    printf '%s=%s\n' "$key" "${!name}"
  done < <(compgen -e | grep '^CONNECT_' | sort)
} > "$properties"
echo "Worker properties (from the environment):"
grep -v -i 'password' "$properties" | sed 's/^/      /'

# shellcheck disable=SC2086 # HEAP_OPTS holds several options
exec java ${HEAP_OPTS:--Xms256m -Xmx512m} -XX:+UseG1GC -Djava.awt.headless=true \
  -Dlog4j2.configurationFile=/kafka/log4j2.properties \
  -cp "/kafka/libs/*" org.apache.kafka.connect.cli.ConnectDistributed "$properties"
