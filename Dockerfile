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
COPY ${MODULE}/target/${MODULE}-*-exec.jar /tmp/exec.jar
# Unpacked by Spring Boot's jar tools into a thin jar and its lib/ folder (class-data sharing maps
# classes from plain jars only), then one training start that writes a class-data sharing archive
# (-XX:ArchiveClassesAtExit) of every class it loaded. No database, Redis or Kafka answers during
# a build, so the training start stops at the first bean that needs one; it has loaded most of
# Spring, the clients and the app by then, and mapping those classes at every start halves the
# time to ready (docs/benchmarks.md, restart). Without an archive the app starts all the same.
RUN java -Djarmode=tools -jar /tmp/exec.jar extract --destination /app/jar > /dev/null \
 && mv /app/jar/*.jar /app/jar/app.jar \
 && rm /tmp/exec.jar \
 && { timeout 120 java -XX:ArchiveClassesAtExit=/app/app.jsa -Dspring.context.exit=onRefresh \
        -Dcmp.polling.operator.admin.token=training -jar /app/jar/app.jar > /tmp/training.log 2>&1 \
      || true; } \
 && if [ -s /app/app.jsa ]; then echo "class-data sharing archive: $(du -h /app/app.jsa | cut -f1)"; \
    else echo "no class-data sharing archive (training start: $(tail -n 1 /tmp/training.log))"; fi \
 && rm -f /tmp/training.log
USER app
WORKDIR /app
# Container-aware heap: at most half of the container's memory unless told otherwise.
ENV JAVA_OPTS="-XX:MaxRAMPercentage=50"
# exec: java is PID 1 and gets SIGTERM, so Spring shuts down cleanly on "docker compose stop".
# The archive is mapped when it fits this JVM; when not (other JVM options), the JVM says so in
# one warning line and loads the classes from the jars.
ENTRYPOINT ["sh", "-c", "exec java -XX:SharedArchiveFile=/app/app.jsa $JAVA_OPTS -jar /app/jar/app.jar"]
