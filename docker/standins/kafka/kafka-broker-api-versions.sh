#!/bin/bash
# Kafka's tool of that name (it asks each broker which API versions it supports), on the jars of
# this image; the Compose health check runs it. A short-lived JVM: small heap, C1 only.
exec java -Xmx128m -XX:TieredStopAtLevel=1 \
  -Dlog4j2.configurationFile=/etc/kafka/docker/tools-log4j2.properties \
  -cp "/opt/kafka/libs/*" org.apache.kafka.tools.BrokerApiVersionsCommand "$@"
