# syntax=docker/dockerfile:1
#
# One image per app, built from this repository:
#   docker build --build-arg MODULE=scheduler-service -t cmp-polling/scheduler-service:local .
# MODULE is one of: scheduler-service, operator-service, check-handlers, lifecycle-listener,
# gateway-simulator. docker-compose.yml builds all five (see docs/docker.md).

FROM maven:3.9-eclipse-temurin-17 AS build
ARG MODULE
RUN test -n "${MODULE}" \
 || { echo "MODULE is required: --build-arg MODULE=<scheduler-service|operator-service|check-handlers|lifecycle-listener|gateway-simulator>" >&2; exit 1; }
WORKDIR /src
COPY . .
# The Maven repository is a cache shared by the builds of all five images; "locked" makes
# parallel builds (docker compose build) take turns instead of writing into it together.
# Each app module repackages its fat jar as <module>-<version>-exec.jar (classifier "exec").
RUN --mount=type=cache,target=/root/.m2,sharing=locked \
    mvn -B -q -DskipTests -Dspotless.check.skip=true package -pl "${MODULE}" -am \
 && cp "${MODULE}"/target/"${MODULE}"-*-exec.jar /app.jar

FROM eclipse-temurin:17-jre
# The Ubuntu-based Temurin images ship curl, which the compose health checks call.
# /app/data is where an app may keep state on a volume (the listener's Kafka Streams store).
RUN useradd --system --uid 10001 app \
 && mkdir -p /app/data \
 && chown app /app/data
USER app
WORKDIR /app
COPY --from=build /app.jar /app/app.jar
# Container-aware heap: at most half of the container's memory unless told otherwise.
ENV JAVA_OPTS="-XX:MaxRAMPercentage=50"
# exec: java is PID 1 and gets SIGTERM, so Spring shuts down cleanly on "docker compose stop".
ENTRYPOINT ["sh", "-c", "exec java $JAVA_OPTS -jar /app/app.jar"]
