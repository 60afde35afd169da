package com.cmp.polling.benchmarks.reconcile;

import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.benchmarks.infra.BenchmarkPostgres;
import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.benchmarks.infra.ProcessCpu;
import java.lang.management.ManagementFactory;
import java.util.Properties;

/**
 * CPU seconds of every process a reconcile pass makes work: the scheduler's JVM (this one: the app
 * runs in-process, and the benchmark's own thread only waits for the passes), PostgreSQL (the
 * postmaster and its backends), redis-server and the Kafka broker (the settle window's lag measure
 * asks it). Read from /proc and Redis's INFO at two points; the difference is what ran in between.
 */
final class ProcessCosts {

  /** A reading: seconds per process, and when (nanoTime). */
  record Reading(double jvm, double postgres, double redis, double kafka, long nanos) {

    Reading minus(Reading earlier) {
      return new Reading(
          jvm - earlier.jvm,
          postgres - earlier.postgres,
          redis - earlier.redis,
          kafka - earlier.kafka,
          nanos - earlier.nanos);
    }

    double total() {
      return jvm + postgres + redis + kafka;
    }

    double seconds() {
      return nanos / 1e9;
    }

    /** This reading less what an idle rate would have spent over its duration. */
    Reading net(Reading idlePerSecond) {
      double s = seconds();
      return new Reading(
          jvm - idlePerSecond.jvm * s,
          postgres - idlePerSecond.postgres * s,
          redis - idlePerSecond.redis * s,
          kafka - idlePerSecond.kafka * s,
          nanos);
    }

    /** Per second of its duration. */
    Reading rate() {
      double s = seconds();
      return new Reading(jvm / s, postgres / s, redis / s, kafka / s, 1_000_000_000L);
    }

    /** Divided by {@code n} (per pass). */
    Reading per(long n) {
      return new Reading(jvm / n, postgres / n, redis / n, kafka / n, nanos / n);
    }
  }

  private final BenchmarkRedis redis;
  private final BenchmarkKafka kafka;
  private final long postmaster;

  ProcessCosts(BenchmarkPostgres postgres, BenchmarkRedis redis, BenchmarkKafka kafka) {
    this.redis = redis;
    this.kafka = kafka;
    // The checkpointer lives as long as the server: its parent is the postmaster.
    long checkpointer =
        postgres
            .jdbc()
            .sql("SELECT pid FROM pg_stat_activity WHERE backend_type = 'checkpointer'")
            .query(Long.class)
            .single();
    this.postmaster = ProcessCpu.parentOf(checkpointer);
  }

  Reading now() {
    var os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    Properties cpu = redis.info("cpu");
    double redisSeconds =
        Double.parseDouble(cpu.getProperty("used_cpu_user", "0"))
            + Double.parseDouble(cpu.getProperty("used_cpu_sys", "0"));
    return new Reading(
        os.getProcessCpuTime() / 1e9,
        ProcessCpu.treeSeconds(postmaster),
        redisSeconds,
        ProcessCpu.seconds(kafka.pid(), false),
        System.nanoTime());
  }
}
