# One image per app, built from this repository:
#   docker build --build-arg MODULE=scheduler-service -t cmp-polling/scheduler-service .
# MODULE is one of: scheduler-service, check-handlers, lifecycle-listener, gateway-simulator.
# docker-compose.yml builds all four.

FROM maven:3.9-eclipse-temurin-17 AS build
ARG MODULE
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/root/.m2 \
    mvn -B -q -DskipTests -Dspotless.check.skip=true package -pl ${MODULE} -am \
 && cp ${MODULE}/target/${MODULE}-*-exec.jar /app.jar

FROM eclipse-temurin:17-jre
RUN useradd --system --uid 10001 app
USER app
COPY --from=build /app.jar /app/app.jar
# Container-aware heap: a quarter of the container's memory unless told otherwise.
ENV JAVA_OPTS="-XX:MaxRAMPercentage=50"
ENTRYPOINT ["sh", "-c", "exec java $JAVA_OPTS -jar /app/app.jar"]
