#!/usr/bin/env bash
# Proves docker-compose.yml on a real Docker Engine, profile by profile: builds the app images from
# the jars of `mvn package`, starts the profile, waits for every health check, inserts a card with
# psql in the database container and sees the simulator asked about it, stops a card through the
# admin API and sees it stopped at the simulator, restarts the check handlers and sees a new card
# checked, then removes everything (`down -v`). Exits non-zero at the first step that fails, after
# printing the containers' logs.
#
#   docker/prove-stack.sh [pipeline] [connect]       (default: both, in that order)
#
# Environment:
#   CMP_STANDINS  yes: use the local stand-ins of docker/standins (built first); no: the public
#                 images; auto (default): the stand-ins only when the public images are neither
#                 present nor pullable
#   MVN           the Maven command for the jars when an app's jar is missing (default: mvn)
#   COMPOSE       the Compose command (default: `docker compose` if it answers, else docker-compose)
#   CMP_ADMIN_TOKEN  the admin API token (default: a random one)
#   CMP_JAVA_OPTS, CMP_SCHEDULER_JAVA_OPTS  the apps' JVM options (default here: C1 only, serial GC
#                 and a 384 MiB heap, so that five JVMs start fast on a two-core CI machine; the
#                 proof is about the wiring, not the throughput)
# It uses the Compose project cmp-polling-proof and the file's default host ports.
set -euo pipefail

# The admin API: the one place to change when another app serves it.
ADMIN_API=http://127.0.0.1:8080/api/admin
SIMULATOR=http://127.0.0.1:8089/sim
# The app restarted to show that work resumes; its work is the carrier's calls.
RESTARTED_APP=check-handlers
HEALTHY_WITHIN=420
CHECKED_WITHIN=180

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export COMPOSE_PROJECT_NAME=cmp-polling-proof
export CMP_ADMIN_TOKEN=${CMP_ADMIN_TOKEN:-proof-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')}
proof_jvm="-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmx384m -Xss512k"
export CMP_JAVA_OPTS=${CMP_JAVA_OPTS:-$proof_jvm}
export CMP_SCHEDULER_JAVA_OPTS=${CMP_SCHEDULER_JAVA_OPTS:-$proof_jvm}
read -r -a mvn <<< "${MVN:-mvn}"
if [ -n "${COMPOSE:-}" ]; then
  read -r -a compose <<< "$COMPOSE"
elif docker compose version > /dev/null 2>&1; then
  compose=(docker compose)
else
  compose=(docker-compose)
fi
profiles=("$@")
[ ${#profiles[@]} -gt 0 ] || profiles=(pipeline connect)
run_start=$SECONDS
timings=()

say() { printf '[prove %s +%ss] %s\n' "$(date +%T)" "$((SECONDS - run_start))" "$*"; }
fail() {
  say "FAILED: $*"
  if [ -n "${profile:-}" ]; then
    "${compose[@]}" --profile "$profile" ps || true
    "${compose[@]}" --profile "$profile" logs --no-color --tail=80 || true
    "${compose[@]}" --profile "$profile" down -v --remove-orphans > /dev/null 2>&1 || true
  fi
  # Said again after the logs: a CI report that keeps only the end of the output still shows why.
  say "FAILED (see above for the containers' logs): $*"
  exit 1
}
timed() { timings+=("$(printf '%-58s %4s s' "$1" "$2")"); }
sql() { "${compose[@]}" exec -T postgres psql -U cmp -d cmp -v ON_ERROR_STOP=1 -tAq -c "$1"; }
admin() {
  curl -sS -X "$1" -H "Authorization: Bearer $CMP_ADMIN_TOKEN" -H 'Content-Type: application/json' \
    -w '\n%{http_code}' "$ADMIN_API$2" ${3:+--data "$3"}
}
# Waits up to $1 s until the command in the remaining arguments succeeds (checked every second).
wait_until() {
  local limit=$1 since=$SECONDS
  shift
  until "$@"; do
    [ $((SECONDS - since)) -lt "$limit" ] || return 1
    sleep 1
  done
}
# Inserts a card with psql, as any writer of the database would, with a valid package, so that no
# rule stops it by itself and a stop seen at the carrier is the operator's; prints its id.
insert_card() {
  sql "WITH card AS (INSERT INTO tb_iot_card (iccid, carrier_id, carrier_type) VALUES ('$1', 1, 'proof') RETURNING id),
         package AS (INSERT INTO tb_package_usage (iot_card_id, status, data_limit_mb, data_usage_mb, activated_at, expires_at)
                     SELECT id, 1, 10240, 0, now() - interval '1 day', now() + interval '30 days' FROM card)
       SELECT id FROM card"
}
calls_for() { curl -fsS "$SIMULATOR/calls/$1"; }
stops_of() { calls_for "$1" | grep -Eo '"stop": ?[0-9]+' | grep -Eo '[0-9]+$' || echo 0; }
was_called() { [ "$(calls_for "$1")" != "{}" ]; }

# ---- images ---------------------------------------------------------------------------------
standins=${CMP_STANDINS:-auto}
if [ "$standins" = auto ]; then
  standins=no
  for image in postgres:16-alpine redis:7-alpine apache/kafka:3.9.1 eclipse-temurin:17-jre; do
    if ! docker image inspect "$image" > /dev/null 2>&1 \
      && ! timeout 30 docker pull -q "$image" > /dev/null 2>&1; then
      say "public image $image neither present nor pullable: using the local stand-ins"
      standins=yes
      break
    fi
  done
fi
if [ "$standins" = yes ]; then
  step=$SECONDS
  variables=$(mktemp)
  MVN="${mvn[*]}" "$root/docker/standins/build.sh" --env-file "$variables"
  set -a
  # shellcheck disable=SC1090
  . "$variables"
  set +a
  rm -f "$variables"
  timed "stand-in images (build.sh)" $((SECONDS - step))
fi

missing=0
for jar in gateway-simulator scheduler-service check-handlers lifecycle-listener; do
  ls "$jar"/target/"$jar"-*-exec.jar > /dev/null 2>&1 || missing=1
done
if [ "$missing" = 1 ]; then
  step=$SECONDS
  say "app jars missing: ${mvn[*]} -q package -DskipTests"
  "${mvn[@]}" -q package -DskipTests
  timed "mvn package (app jars)" $((SECONDS - step))
fi

# Every service of the app profiles that has a build section, from Compose's own reading.
built=$("${compose[@]}" --profile pipeline --profile connect config \
  | awk '/^services:/ {s=1; next} s && /^[^ ]/ {s=0} s && /^  [^ ].*:$/ {svc=$1; sub(":", "", svc)} s && /^    build:/ {print svc}')
for service in $built; do
  step=$SECONDS
  say "building the image of $service"
  "${compose[@]}" --profile pipeline --profile connect build -q "$service" > /dev/null \
    || fail "image build of $service"
  timed "image of $service" $((SECONDS - step))
done

# ---- one profile ----------------------------------------------------------------------------
# Every container of the profile healthy, or exited 0 when it has no health check (one-shots).
all_healthy() {
  local ids states
  ids=$("${compose[@]}" --profile "$profile" ps -q)
  [ -n "$ids" ] || return 1
  # shellcheck disable=SC2086
  states=$(docker inspect --format '{{.Name}} {{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.ExitCode}}{{end}}' $ids)
  if echo "$states" | grep -Eq ' exited [1-9]| (dead|unhealthy)'; then
    echo "$states" >&2
    fail "a container failed"
  fi
  ! echo "$states" | grep -Ev ' running healthy$| exited 0$' | grep -q .
}

prove() {
  profile=$1
  local step iccid card answer code started
  say "== profile $profile"
  "${compose[@]}" --profile "$profile" down -v --remove-orphans > /dev/null 2>&1 || true
  step=$SECONDS
  "${compose[@]}" --profile "$profile" up -d --no-build 2>&1 | sed 's/^/  /' || fail "up"
  wait_until "$HEALTHY_WITHIN" all_healthy || fail "not every service healthy within $HEALTHY_WITHIN s"
  timed "$profile: up until every health check passes" $((SECONDS - step))
  say "every service healthy:"
  "${compose[@]}" --profile "$profile" ps | sed 's/^/  /'

  # A first install: the not_realname default switch is not enforced until an operator turns it on.
  answer=$(admin GET /rules/switches)
  code=${answer##*$'\n'}
  [ "$code" = 200 ] || fail "GET $ADMIN_API/rules/switches answered $code: ${answer%$'\n'*}"
  say "rule switches on this fresh database: ${answer%$'\n'*}"
  echo "$answer" | grep -Eq '"enforceNotRealname": ?false' || fail "the default switch is enforced on a first install"

  # New cards' first checks spread over their interval (up to 5 min for an unverified card's
  # real-name check): the proof shortens it to 5 s through the config table, as an operator would;
  # the change stream makes every app reload it and moves cards already planned.
  sql "UPDATE tb_polling_config SET realname_check_interval = 5 WHERE config_name = 'default-not-real-name'" \
    || fail "shortening the real-name check interval"

  # A card written straight into the database: the change stream enrolls it, the handlers check it.
  step=$SECONDS
  iccid=8986$(date +%s%N | tail -c 17)
  card=$(insert_card "$iccid")
  say "inserted card $card (ICCID $iccid, with a valid package) with psql in the postgres container"
  wait_until "$CHECKED_WITHIN" was_called "$iccid" || fail "card $card not checked at the simulator within $CHECKED_WITHIN s"
  timed "$profile: card inserted until checked at the simulator" $((SECONDS - step))
  say "the simulator was asked about card $card: $(calls_for "$iccid")"

  # An operator's stop through the admin API reaches the carrier: the card's first stop there.
  [ "$(stops_of "$iccid")" = 0 ] || fail "card $card was stopped at the carrier before the operator's stop: $(calls_for "$iccid")"
  answer=$(admin POST "/cards/$card/stop")
  code=${answer##*$'\n'}
  [ "$code" = 200 ] || fail "POST $ADMIN_API/cards/$card/stop answered $code: ${answer%$'\n'*}"
  say "admin API stop of card $card: ${answer%$'\n'*}"
  [ "$(stops_of "$iccid")" = 1 ] || fail "the simulator saw no stop call for card $card: $(calls_for "$iccid")"
  curl -fsS "$SIMULATOR/cards/$iccid" | grep -Eq '"online": ?false' || fail "the simulator still has card $card online"
  say "the simulator's state of card $card: $(curl -fsS "$SIMULATOR/cards/$iccid")"
  [ "$(sql "SELECT network_status FROM tb_iot_card WHERE id = $card")" = 0 ] || fail "card $card not stopped in the database"

  # Restart the check handlers: once healthy again, they check a card written meanwhile.
  step=$SECONDS
  "${compose[@]}" --profile "$profile" restart "$RESTARTED_APP" 2>&1 | sed 's/^/  /' || fail "restart $RESTARTED_APP"
  started=$SECONDS
  iccid=8986$(date +%s%N | tail -c 17)
  card=$(insert_card "$iccid")
  say "restarted $RESTARTED_APP; inserted card $card (ICCID $iccid)"
  wait_until "$CHECKED_WITHIN" was_called "$iccid" || fail "card $card not checked within $CHECKED_WITHIN s of the restart"
  timed "$profile: $RESTARTED_APP restart (stop+start)" $((started - step))
  timed "$profile: started again until a new card is checked" $((SECONDS - started))
  say "after the restart the simulator was asked about card $card: $(calls_for "$iccid")"
  wait_until 120 all_healthy || fail "not every service healthy again after the restart"

  step=$SECONDS
  "${compose[@]}" --profile "$profile" down -v --remove-orphans 2>&1 | sed 's/^/  /' || fail "down -v"
  timed "$profile: down -v" $((SECONDS - step))
  [ -z "$("${compose[@]}" --profile "$profile" ps -q)" ] || fail "containers left after down -v"
  say "== profile $profile proven"
  profile=
}

for p in "${profiles[@]}"; do
  prove "$p"
done
timed "the whole proof" $((SECONDS - run_start))
say "timings:"
printf '  %s\n' "${timings[@]}"
