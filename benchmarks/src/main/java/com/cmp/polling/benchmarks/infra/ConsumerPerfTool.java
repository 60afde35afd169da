package com.cmp.polling.benchmarks.infra;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Kafka's own {@code ConsumerPerformance} (kafka-tools) reading a topic on the same broker: the
 * ceiling of the consuming side, as {@link ProducerPerfTool} is that of the producing side.
 */
public final class ConsumerPerfTool {

  private ConsumerPerfTool() {}

  /**
   * Records per second while fetching (group join left out), or empty when the tool failed.
   *
   * @param records how many records to read; the topic must hold at least that many
   */
  public static Optional<Double> recordsPerSecond(BenchmarkKafka kafka, String topic, int records)
      throws Exception {
    Path out = Files.createTempFile("consumer-perf", ".log");
    int exit =
        ChildJvm.of("org.apache.kafka.tools.ConsumerPerformance", "512m")
            .run(
                List.of(
                    "--bootstrap-server",
                    kafka.bootstrapServers(),
                    "--topic",
                    topic,
                    "--messages",
                    Integer.toString(records),
                    "--timeout",
                    "30000"),
                out);
    String output = Files.readString(out);
    Files.deleteIfExists(out);
    if (exit != 0) {
      return Optional.empty();
    }
    // A header line "start.time, end.time, ..., fetch.nMsg.sec", then one line of values.
    String[] lines = output.strip().split("\n");
    for (int i = 0; i + 1 < lines.length; i++) {
      if (lines[i].startsWith("start.time")) {
        String[] names = lines[i].split(",\\s*");
        String[] values = lines[i + 1].split(",\\s*");
        for (int column = 0; column < names.length && column < values.length; column++) {
          if (names[column].trim().equals("fetch.nMsg.sec")) {
            return Optional.of(Double.parseDouble(values[column].trim()));
          }
        }
      }
    }
    return Optional.empty();
  }
}
