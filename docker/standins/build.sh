#!/usr/bin/env bash
# Builds the stand-ins for the public images that docker-compose.yml and the tests use, for a
# machine with a Docker Engine but no image registry: everything comes from Debian's package
# mirror (plain HTTP) and from jars Maven resolves on the host. Each Dockerfile's header says what
# its image emulates. Run from anywhere; needs root only to debootstrap the Debian base once.
#
#   docker/standins/build.sh [--env-file FILE]
#
# --env-file FILE writes the Compose variables that select the stand-ins into FILE (the lines it
# also prints), e.g. a .env file next to docker-compose.yml.
#
# Environment:
#   CMP_DEBIAN_ROOT  a debootstrap'd Debian bookworm (minbase) folder; made there when missing
#                    (default: ~/.cache/cmp-polling/debian-bookworm)
#   MVN              the Maven command that gathers the Kafka and Connect jars (default: mvn)
#
# Docker's build cache makes a second run take seconds; the Debian base is imported once.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
env_file=
if [ "${1:-}" = --env-file ]; then
  env_file=${2:?--env-file needs a file name}
fi
debian_root=${CMP_DEBIAN_ROOT:-$HOME/.cache/cmp-polling/debian-bookworm}
read -r -a mvn <<< "${MVN:-mvn}"

IMPORTED_IMAGE=cmp-standin/debian-import:bookworm
DEBIAN_IMAGE=cmp-standin/debian:bookworm
JRE_IMAGE=cmp-standin/jre:17
POSTGRES_IMAGE=cmp-standin/postgres:15
REDIS_IMAGE=cmp-standin/redis:7.0
KAFKA_IMAGE=cmp-standin/kafka:4.1.2
CONNECT_IMAGE=cmp-standin/connect:3.6.1
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

say() { printf '[standins %s] %s\n' "$(date +%T)" "$*"; }

# Builds one image in the background; its log goes to $logs/<name>.log, its time to the report.
build() {
  local name=$1 image=$2
  shift 2
  (
    start=$SECONDS
    if docker build -q --force-rm -t "$image" "$@" "$here/$name" > "$logs/$name.log" 2>&1; then
      echo "$image built in $((SECONDS - start)) s" > "$logs/$name.done"
    else
      echo "$image FAILED after $((SECONDS - start)) s" > "$logs/$name.done"
      exit 1
    fi
  ) &
}

# Waits for the builds started by build(); prints each one's time, and the log of any that failed.
await_builds() {
  local failed=0 name
  for pid in $(jobs -p); do
    wait "$pid" || failed=1
  done
  for name in "$@"; do
    say "$(cat "$logs/$name.done")"
    if grep -q FAILED "$logs/$name.done"; then cat "$logs/$name.log" >&2; fi
  done
  [ "$failed" = 0 ]
}

# The jars of a folder of Maven-gathered dependencies, made when missing.
gather_jars() {
  local pom=$1 lib=$2
  if [ ! -d "$lib" ] || [ -z "$(ls -A "$lib")" ]; then
    say "gathering jars: ${mvn[*]} -f ${pom#"$root"/} generate-resources"
    "${mvn[@]}" -q -f "$pom" generate-resources
  fi
}

start=$SECONDS
if ! docker image inspect "$DEBIAN_IMAGE" > /dev/null 2>&1; then
  if [ ! -x "$debian_root/bin/bash" ]; then
    say "debootstrap --variant=minbase bookworm $debian_root (about a minute)"
    mkdir -p "$debian_root"
    debootstrap --variant=minbase bookworm "$debian_root" http://deb.debian.org/debian > "$logs/debootstrap.log" 2>&1 \
      || { cat "$logs/debootstrap.log" >&2; exit 1; }
  fi
  say "importing $debian_root as $DEBIAN_IMAGE"
  # Without the package lists, downloaded packages and translations of the debootstrap run (apt
  # needs the partial/ folders themselves, so only files are left out). The manual folders stay:
  # Java's package links its manual page there and fails when /usr/share/man/man1 is missing.
  tar -c --exclude='./var/cache/apt/archives/*.deb' --exclude='./var/cache/apt/*.bin' \
    --exclude='./var/lib/apt/lists/*_*' --exclude='./usr/share/locale/*' \
    --exclude='./usr/share/info/*' -C "$debian_root" . \
    | docker import - "$IMPORTED_IMAGE" > /dev/null
  docker build -q -t "$DEBIAN_IMAGE" --build-arg "IMPORTED_IMAGE=$IMPORTED_IMAGE" "$here/debian" \
    > /dev/null
fi

# Maven on the host while Docker builds the images that need no jars.
say "building $JRE_IMAGE, $POSTGRES_IMAGE, $REDIS_IMAGE"
build jre "$JRE_IMAGE" --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE"
build postgres "$POSTGRES_IMAGE" --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE"
build redis "$REDIS_IMAGE" --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE"
gather_jars "$here/kafka/pom.xml" "$here/kafka/target/lib"
gather_jars "$root/scale-out-tests/connect-worker/pom.xml" "$root/scale-out-tests/connect-worker/target/lib"
# The Connect image's build context is its own folder: the worker's jars are copied next to it
# (hard links where the file system allows), the same set the scale-out tests run.
rm -rf "$here/connect/target/lib"
mkdir -p "$here/connect/target"
cp -al "$root/scale-out-tests/connect-worker/target/lib" "$here/connect/target/lib" 2> /dev/null \
  || cp -a "$root/scale-out-tests/connect-worker/target/lib" "$here/connect/target/lib"
await_builds jre postgres redis

say "building $KAFKA_IMAGE, $CONNECT_IMAGE"
build kafka "$KAFKA_IMAGE" --build-arg "JRE_IMAGE=$JRE_IMAGE"
build connect "$CONNECT_IMAGE" --build-arg "JRE_IMAGE=$JRE_IMAGE"
await_builds kafka connect
say "stand-ins ready in $((SECONDS - start)) s"

variables="CMP_APP_BASE_IMAGE=$JRE_IMAGE
CMP_POSTGRES_IMAGE=$POSTGRES_IMAGE
CMP_REDIS_IMAGE=$REDIS_IMAGE
CMP_KAFKA_IMAGE=$KAFKA_IMAGE
CMP_DEBEZIUM_CONNECT_IMAGE=$CONNECT_IMAGE"
echo "$variables"
if [ -n "$env_file" ]; then
  echo "$variables" > "$env_file"
fi
