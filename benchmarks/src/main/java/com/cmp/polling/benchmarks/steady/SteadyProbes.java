package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.infra.AppProcess;
import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.benchmarks.infra.BenchmarkPostgres;
import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.benchmarks.infra.CpuUse;
import com.cmp.polling.benchmarks.infra.ProcessCpu;
import com.cmp.polling.benchmarks.infra.Prometheus;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the running pipeline as an operator would: the apps' Prometheus endpoints and the operator
 * app's monitoring API, Redis INFO, PostgreSQL's statistics views and the processes' CPU time.
 */
final class SteadyProbes {

  static final String TOKEN = "benchmark";
  private static final String[] POLLED_TYPES = {"realname", "carddata", "package"};
  private static final double MIB = 1024 * 1024;

  private final AppProcess scheduler;
  private final AppProcess operator;
  private final AppProcess handlers;
  private final BenchmarkRedis redis;
  private final BenchmarkPostgres postgres;
  private final BenchmarkKafka kafka;
  private final long postmasterPid;
  private final JsonMapper json = JsonMapper.builder().build();

  SteadyProbes(
      AppProcess scheduler,
      AppProcess operator,
      AppProcess handlers,
      BenchmarkRedis redis,
      BenchmarkPostgres postgres,
      BenchmarkKafka kafka) {
    this.scheduler = scheduler;
    this.operator = operator;
    this.handlers = handlers;
    this.redis = redis;
    this.postgres = postgres;
    this.kafka = kafka;
    // The checkpointer lives as long as the server; a client's own backend may already have
    // ended (pool closed) when its parent is looked up, which lost PostgreSQL's CPU once.
    long checkpointer =
        postgres
            .jdbc()
            .sql("SELECT pid FROM pg_stat_activity WHERE backend_type = 'checkpointer'")
            .query(Long.class)
            .single();
    this.postmasterPid = ProcessCpu.parentOf(checkpointer);
    if (postmasterPid <= 0) {
      throw new IllegalStateException(
          "PostgreSQL's postmaster not found from its checkpointer (pid " + checkpointer + ")");
    }
  }

  Snapshot snapshot() throws IOException, InterruptedException {
    Instant at = Instant.now();
    Prometheus schedulerMetrics = scheduler.scrape();
    Prometheus handlersMetrics = handlers.scrape();
    Map<String, Double> cpu = new LinkedHashMap<>();
    cpu.put("handlers", handlers.cpuSeconds());
    cpu.put("scheduler", scheduler.cpuSeconds());
    cpu.put("operator", operator.cpuSeconds());
    cpu.put("postgres", ProcessCpu.treeSeconds(postmasterPid));
    Properties redisCpu = redis.info("cpu");
    cpu.put(
        "redis",
        Double.parseDouble(redisCpu.getProperty("used_cpu_sys", "0"))
            + Double.parseDouble(redisCpu.getProperty("used_cpu_user", "0")));
    cpu.put("kafka", ProcessCpu.seconds(kafka.pid(), false));
    cpu.put("driver", ProcessCpu.seconds(ProcessHandle.current().pid(), false));
    long cardRows =
        postgres
            .jdbc()
            .sql(
                "SELECT coalesce(idx_tup_fetch, 0) + coalesce(seq_tup_read, 0)"
                    + " FROM pg_stat_user_tables WHERE relname = 'tb_iot_card'")
            .query(Long.class)
            .single();
    return new Snapshot(
        at,
        schedulerMetrics,
        handlersMetrics,
        cpu,
        CpuUse.now(thread -> false),
        redis.info("commandstats"),
        cardRows);
  }

  /** A line of the over-time table; {@code previous} gives the rate of checks. */
  Sample sample(Instant windowStart, Snapshot previous, Snapshot now)
      throws IOException, InterruptedException {
    JsonNode queues = json.readTree(operator.getApi("/api/monitoring/queues", TOKEN));
    long overdue = 0;
    long oldest = 0;
    for (String type : POLLED_TYPES) {
      JsonNode figures = queues.path("taskTypes").path(type);
      overdue += figures.path("overdue").asLong(0);
      oldest = Math.max(oldest, figures.path("oldestOverdueSeconds").asLong(0));
    }
    double seconds = Duration.between(previous.at(), now.at()).toMillis() / 1000.0;
    return new Sample(
        Duration.between(windowStart, now.at()).toSeconds(),
        seconds <= 0 ? 0 : (now.checksSettled() - previous.checksSettled()) / seconds,
        overdue,
        oldest,
        // The fleet gauges are the operator app's.
        operator.scrape().sum("polling_handlers_lag"),
        // Micrometer exports the histogram, not client-side percentiles, when both are asked for:
        // the p99 of the checks settled since the previous sample comes from its buckets.
        LatenessHistogram.between(
                previous.handlers(),
                now.handlers(),
                "polling_handlers_lateness_seconds_bucket",
                Map.of("source", "scheduled"))
            .quantile(0.99),
        now.scheduler().sum("polling_scheduler_skipped_total"),
        redis.usedMemory() / MIB,
        heapMib(now.scheduler()),
        heapMib(now.handlers()));
  }

  /**
   * Keeps in {@code maxima} the largest lateness of scheduled checks seen per task type: the
   * handlers' recent maximum, which holds the last two to three minutes, so sampled more often.
   */
  static void keepMaxLateness(Snapshot snapshot, Map<String, Double> maxima) {
    for (Prometheus.Series series :
        snapshot
            .handlers()
            .select("polling_handlers_lateness_seconds_max", Map.of("source", "scheduled"))) {
      maxima.merge(series.labels().get("task_type"), series.value(), Math::max);
    }
  }

  private static double heapMib(Prometheus metrics) {
    return metrics.sum("jvm_memory_used_bytes", Map.of("area", "heap")) / MIB;
  }
}
