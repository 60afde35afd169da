package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.infra.CpuUse;
import com.cmp.polling.benchmarks.infra.Prometheus;
import java.time.Instant;
import java.util.Map;
import java.util.Properties;

/**
 * Everything read at one instant, so that a window's figures are differences of two of them.
 *
 * @param metrics every app's Prometheus scrape as one: a figure is the sum over the apps
 * @param heapMib heap used per app (by label)
 * @param cpuSeconds CPU seconds used so far, by process: each app (by label), postgres, redis,
 *     kafka, and {@value #SIMULATOR} (this JVM: the gateway simulator and the sampling)
 * @param redisCommands INFO commandstats
 * @param cardRowsRead tb_iot_card rows read from PostgreSQL so far (index fetches and sequential
 *     reads)
 * @param changeStream records written so far to each change-stream topic ({@link
 *     ChangeStream#TOPICS})
 */
record Snapshot(
    Instant at,
    Prometheus metrics,
    Map<String, Double> heapMib,
    Map<String, Double> cpuSeconds,
    CpuUse machine,
    Properties redisCommands,
    long cardRowsRead,
    Map<String, Long> changeStream) {

  /** The CPU figure of the benchmark's own JVM, where the gateway simulator runs. */
  static final String SIMULATOR = "simulator";

  /** Checks the handlers settled (every result but superseded and invalid tasks). */
  double checksSettled() {
    return metrics.sum("polling_handlers_checks_total")
        - metrics.sum("polling_handlers_checks_total", Map.of("result", "superseded"))
        - metrics.sum("polling_handlers_checks_total", Map.of("result", "invalid"));
  }

  /** Rounds the scheduler held back by back-pressure so far. */
  double heldBack() {
    return metrics.sum("polling_scheduler_skipped_total");
  }

  /** Records written so far to all change-stream topics. */
  long changeStreamRecords() {
    return changeStream.values().stream().mapToLong(Long::longValue).sum();
  }

  /** Calls of one Redis command so far (INFO commandstats), 0 if never called. */
  long redisCalls(String command) {
    String stats = redisCommands.getProperty("cmdstat_" + command);
    if (stats == null) {
      return 0;
    }
    for (String part : stats.split(",")) {
      if (part.startsWith("calls=")) {
        return Long.parseLong(part.substring("calls=".length()));
      }
    }
    return 0;
  }
}
