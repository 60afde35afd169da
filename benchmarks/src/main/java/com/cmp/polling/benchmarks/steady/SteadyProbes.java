package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.infra.AppProcess;
import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.benchmarks.infra.BenchmarkPostgres;
import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.benchmarks.infra.CpuUse;
import com.cmp.polling.benchmarks.infra.ProcessCpu;
import com.cmp.polling.benchmarks.infra.Prometheus;
import com.cmp.polling.core.redis.RedisKeys;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Reads the running pipeline from outside, as an operator's tools would: every app's Prometheus
 * endpoint, the Redis shard queues (the backlog) and INFO, Kafka's offsets of the change stream,
 * PostgreSQL's statistics views and each process's CPU time. It uses no app's admin or monitoring
 * API.
 */
final class SteadyProbes {

  private static final double MIB = 1024 * 1024;

  private final PipelineApps apps;
  private final BenchmarkRedis redis;
  private final BenchmarkPostgres postgres;
  private final BenchmarkKafka kafka;
  private final ChangeStream changeStream;
  private final QueueBacklog backlog;
  private final long postmasterPid;

  SteadyProbes(
      PipelineApps apps,
      BenchmarkRedis redis,
      BenchmarkPostgres postgres,
      BenchmarkKafka kafka,
      ChangeStream changeStream) {
    this.apps = apps;
    this.redis = redis;
    this.postgres = postgres;
    this.kafka = kafka;
    this.changeStream = changeStream;
    this.backlog = new QueueBacklog(redis);
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
    List<Prometheus> scrapes = new ArrayList<>();
    Map<String, Double> heaps = new LinkedHashMap<>();
    Map<String, Double> cpu = new LinkedHashMap<>();
    for (Map.Entry<String, AppProcess> app : apps.byLabel().entrySet()) {
      Prometheus scrape = app.getValue().scrape();
      scrapes.add(scrape);
      heaps.put(app.getKey(), scrape.sum("jvm_memory_used_bytes", Map.of("area", "heap")) / MIB);
      cpu.put(app.getKey(), app.getValue().cpuSeconds());
    }
    cpu.put("postgres", ProcessCpu.treeSeconds(postmasterPid));
    Properties redisCpu = redis.info("cpu");
    cpu.put(
        "redis",
        Double.parseDouble(redisCpu.getProperty("used_cpu_sys", "0"))
            + Double.parseDouble(redisCpu.getProperty("used_cpu_user", "0")));
    cpu.put("kafka", ProcessCpu.seconds(kafka.pid(), false));
    cpu.put(Snapshot.SIMULATOR, ProcessCpu.seconds(ProcessHandle.current().pid(), false));
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
        Prometheus.merge(scrapes),
        heaps,
        cpu,
        CpuUse.now(thread -> false),
        redis.info("commandstats"),
        cardRows,
        changeStream.ends());
  }

  /** A line of the over-time table; {@code previous} gives the rates. */
  Sample sample(Instant windowStart, Snapshot previous, Snapshot now) throws InterruptedException {
    QueueBacklog.Reading due = backlog.read();
    double seconds = Duration.between(previous.at(), now.at()).toMillis() / 1000.0;
    return new Sample(
        Duration.between(windowStart, now.at()).toSeconds(),
        perSecond(now.checksSettled() - previous.checksSettled(), seconds),
        due.overdue(),
        due.oldestSeconds(),
        now.metrics().sum("polling_handlers_lag"),
        // Micrometer exports the histogram, not client-side percentiles, when both are asked for:
        // the p99 of the checks settled since the previous sample comes from its buckets.
        LatenessHistogram.between(
                previous.metrics(),
                now.metrics(),
                "polling_handlers_lateness_seconds_bucket",
                Map.of("source", "scheduled"))
            .quantile(0.99),
        now.heldBack(),
        perSecond(now.changeStreamRecords() - previous.changeStreamRecords(), seconds),
        changeStream.listenerLag(),
        reconciling(),
        redis.usedMemory() / MIB,
        now.heapMib());
  }

  /**
   * Whether a queue reconcile pass is under way, from the status hash the reconciler keeps in Redis
   * for whoever monitors it (no hash yet: no pass has started).
   */
  boolean reconciling() {
    Object outcome = redis.template().opsForHash().get(RedisKeys.RECONCILE_STATUS, "outcome");
    return "running".equals(outcome);
  }

  /**
   * Keeps in {@code maxima} the largest lateness of scheduled checks seen per task type: the
   * handlers' recent maximum, which holds the last two to three minutes, so sampled more often.
   */
  static void keepMaxLateness(Snapshot snapshot, Map<String, Double> maxima) {
    for (Prometheus.Series series :
        snapshot
            .metrics()
            .select("polling_handlers_lateness_seconds_max", Map.of("source", "scheduled"))) {
      maxima.merge(series.labels().get("task_type"), series.value(), Math::max);
    }
  }

  private static double perSecond(double count, double seconds) {
    return seconds <= 0 ? 0 : count / seconds;
  }
}
