# One image per app, from the executable jar that `mvn package` built on the host: no Maven and no
# download inside the build, so it works offline from any local base image.
#   mvn -q package -DskipTests -pl scheduler-service -am
#   docker build --build-arg MODULE=scheduler-service -t cmp-polling/scheduler-service:local .
# MODULE is an app module: scheduler-service, operator-service, check-handlers,
# lifecycle-listener, gateway-simulator. BASE_IMAGE is any Java 17 runtime image with curl (the
# Compose health checks call it) and useradd; docker-compose.yml passes CMP_APP_BASE_IMAGE, and
# docs/docker.md explains.
ARG BASE_IMAGE=eclipse-temurin:17-jre
FROM ${BASE_IMAGE}
# /app/data is where an app may keep state on a volume (the listener's Kafka Streams store).
RUN useradd --system --uid 10001 app \
 && mkdir -p /app/data \
 && chown app /app/data
# Declared after the shared layer above, so that every app's image reuses it.
ARG MODULE
RUN test -n "${MODULE}" \
 || { echo "MODULE is required: --build-arg MODULE=<app module>" >&2; exit 1; }
# Spring Boot's repackaged jar (classifier exec); .dockerignore lets nothing else in.
COPY ${MODULE}/target/${MODULE}-*-exec.jar /app/app.jar
USER app
WORKDIR /app
# Container-aware heap: at most half of the container's memory unless told otherwise.
ENV JAVA_OPTS="-XX:MaxRAMPercentage=50"
# exec: java is PID 1 and gets SIGTERM, so Spring shuts down cleanly on "docker compose stop".
ENTRYPOINT ["sh", "-c", "exec java $JAVA_OPTS -jar /app/app.jar"]
