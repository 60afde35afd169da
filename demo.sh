#!/usr/bin/env sh
# The whole cmp-polling pipeline in one JVM on embedded PostgreSQL, Redis and Kafka, with a demo
# fleet and a progress report every few seconds. Needs only JDK 17 and Maven.
#   ./demo.sh                      # 10 000 cards, until Ctrl-C
#   ./demo.sh --duration 5m        # a scripted run that ends with a summary
#   ./demo.sh --cards 50000 --verbose
set -e
cd "$(dirname "$0")"
mvn -q -DskipTests package -pl demo -am
exec java -Xmx1g -jar demo/target/cmp-polling-demo.jar "$@"
