package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.infra.CpuUse;
import com.cmp.polling.benchmarks.infra.Prometheus;
import java.time.Instant;
import java.util.Map;
import java.util.Properties;

/**
 * Everything read at one instant, so that the window's figures are differences of two of them.
 *
 * @param cpuSeconds CPU seconds used so far, by process: scheduler, handlers, postgres, redis,
 *     kafka, driver (this JVM: the gateway simulator and the sampling)
 * @param redisCommands INFO commandstats
 * @param cardRowsRead tb_iot_card rows read from PostgreSQL so far (index fetches and sequential
 *     reads)
 */
record Snapshot(
    Instant at,
    Prometheus scheduler,
    Prometheus handlers,
    Map<String, Double> cpuSeconds,
    CpuUse machine,
    Properties redisCommands,
    long cardRowsRead) {

  /** Checks the handlers settled (every result but superseded and invalid tasks). */
  double checksSettled() {
    return handlers.sum("polling_handlers_checks_total")
        - handlers.sum("polling_handlers_checks_total", Map.of("result", "superseded"))
        - handlers.sum("polling_handlers_checks_total", Map.of("result", "invalid"));
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
