package com.cmp.polling.benchmarks.infra;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Kafka's own {@code ProducerPerformance} (kafka-tools) on the same broker, with the producer
 * settings the pipeline uses: the ceiling any publisher of ours can approach.
 */
public final class ProducerPerfTool {

  private static final Pattern RATE = Pattern.compile("([0-9.]+) records/sec");

  private ProducerPerfTool() {}

  /** Records per second over the whole run, or empty when the tool failed. */
  public static Optional<Double> recordsPerSecond(
      BenchmarkKafka kafka, String topic, int records, int recordSize) throws Exception {
    kafka.createTopic(topic, 16);
    Path out = Files.createTempFile("producer-perf", ".log");
    int exit =
        ChildJvm.of("org.apache.kafka.tools.ProducerPerformance", "512m")
            .run(
                List.of(
                    "--topic",
                    topic,
                    "--num-records",
                    Integer.toString(records),
                    "--record-size",
                    Integer.toString(recordSize),
                    "--throughput",
                    "-1",
                    "--producer-props",
                    "bootstrap.servers=" + kafka.bootstrapServers(),
                    "acks=all",
                    "enable.idempotence=true",
                    "compression.type=lz4",
                    "linger.ms=5",
                    "batch.size=65536"),
                out);
    String output = Files.readString(out);
    Files.deleteIfExists(out);
    if (exit != 0) {
      return Optional.empty();
    }
    // The last line is the summary of the whole run.
    Matcher matcher = RATE.matcher(output);
    Double last = null;
    while (matcher.find()) {
      last = Double.parseDouble(matcher.group(1));
    }
    return Optional.ofNullable(last);
  }
}
