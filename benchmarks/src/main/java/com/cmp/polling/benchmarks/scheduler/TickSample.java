package com.cmp.polling.benchmarks.scheduler;

import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.benchmarks.infra.CpuUse;
import com.cmp.polling.benchmarks.infra.ProcessCpu;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The counters a tick moves, read at one instant: rounds and tasks of the scheduler's own metrics,
 * Redis commands by name and its CPU, the Kafka broker's CPU, this JVM's CPU (the benchmark's
 * consumers left out) and the requests of the scheduler's Kafka clients.
 */
record TickSample(
    long rounds,
    double dispatched,
    Map<String, Long> redisCalls,
    double redisCpuSeconds,
    double brokerCpuSeconds,
    CpuUse jvm,
    Map<String, Long> threadNanos,
    Map<String, Double> kafkaRequests) {

  /** Threads of the benchmark's own consumers, not the scheduler's. */
  private static boolean consumerThread(String name) {
    return name.startsWith(CommittingConsumers.THREAD_PREFIX)
        || name.contains(CommittingConsumers.GROUP_PREFIX);
  }

  static TickSample take(MeterRegistry registry, BenchmarkRedis redis, BenchmarkKafka kafka) {
    Timer round = registry.find("polling.scheduler.round").timer();
    double dispatched =
        registry.find("polling.scheduler.dispatched").counters().stream()
            .mapToDouble(c -> c.count())
            .sum();
    Map<String, Long> calls = new TreeMap<>();
    redis
        .info("commandstats")
        .forEach(
            (name, value) -> {
              String command = name.toString().replace("cmdstat_", "");
              for (String field : value.toString().split(",")) {
                if (field.startsWith("calls=") && !command.equals("info")) {
                  calls.put(command, Long.parseLong(field.substring(6)));
                }
              }
            });
    var cpu = redis.info("cpu");
    double redisCpu =
        Double.parseDouble(cpu.getProperty("used_cpu_sys"))
            + Double.parseDouble(cpu.getProperty("used_cpu_user"));
    return new TickSample(
        round == null ? 0 : round.count(),
        dispatched,
        calls,
        redisCpu,
        ProcessCpu.seconds(kafka.pid(), false),
        CpuUse.now(TickSample::consumerThread),
        readThreadNanos(),
        readKafkaRequests());
  }

  /** CPU of this JVM's threads by name (digits left out, so that a pool counts as one). */
  private static Map<String, Long> readThreadNanos() {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    Map<String, Long> byName = new TreeMap<>();
    for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
      if (info != null && !consumerThread(info.getThreadName())) {
        long nanos = threads.getThreadCpuTime(info.getThreadId());
        byName.merge(info.getThreadName().replaceAll("[0-9]+", "#"), Math.max(0, nanos), Long::sum);
      }
    }
    return byName;
  }

  /** {@code request-total} of every Kafka client of this JVM but the benchmark's consumers. */
  private static Map<String, Double> readKafkaRequests() {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    Map<String, Double> byKind = new TreeMap<>();
    for (String pattern :
        List.of(
            "kafka.producer:type=producer-metrics,*",
            "kafka.admin.client:type=admin-client-metrics,*",
            "kafka.consumer:type=consumer-metrics,*")) {
      try {
        for (ObjectName name : server.queryNames(new ObjectName(pattern), null)) {
          if (name.getKeyProperty("client-id").startsWith(CommittingConsumers.CLIENT_PREFIX)) {
            continue;
          }
          Object total = server.getAttribute(name, "request-total");
          String kind = name.getDomain().replace("kafka.", "").replace(".client", "");
          byKind.merge(kind, ((Number) total).doubleValue(), Double::sum);
        }
      } catch (Exception e) {
        throw new IllegalStateException("Kafka client metrics not readable: " + pattern, e);
      }
    }
    return byKind;
  }

  /** The report's rows: each figure per tick between {@code before} and this sample. */
  List<List<String>> rowsSince(TickSample before, int rate) {
    long ticks = Math.max(1, rounds - before.rounds);
    String due = Integer.toString(rate);
    List<List<String>> rows = new ArrayList<>();
    rows.add(List.of(due, "ticks measured", Long.toString(ticks)));
    rows.add(List.of(due, "tasks published", perTick(dispatched - before.dispatched, ticks)));
    long total = 0;
    Map<String, Long> delta = new TreeMap<>();
    for (var entry : redisCalls.entrySet()) {
      long calls = entry.getValue() - before.redisCalls.getOrDefault(entry.getKey(), 0L);
      if (calls > 0) {
        delta.put(entry.getKey(), calls);
        total += calls;
      }
    }
    rows.add(List.of(due, "Redis commands", perTick(total, ticks)));
    delta.forEach(
        (command, calls) -> rows.add(List.of(due, "  " + command, perTick(calls, ticks))));
    rows.add(
        List.of(
            due,
            "Redis CPU (ms)",
            perTick(1000 * (redisCpuSeconds - before.redisCpuSeconds), ticks)));
    double kafkaTotal = 0;
    for (var entry : kafkaRequests.entrySet()) {
      double requests = entry.getValue() - before.kafkaRequests.getOrDefault(entry.getKey(), 0.0);
      kafkaTotal += requests;
      rows.add(List.of(due, "Kafka requests, " + entry.getKey(), perTick(requests, ticks)));
    }
    rows.add(List.of(due, "Kafka requests", perTick(kafkaTotal, ticks)));
    rows.add(
        List.of(
            due,
            "Kafka broker CPU (ms)",
            perTick(1000 * (brokerCpuSeconds - before.brokerCpuSeconds), ticks)));
    rows.add(
        List.of(due, "scheduler JVM CPU (ms)", perTick(jvm.ownMillisSince(before.jvm), ticks)));
    threadNanos.entrySet().stream()
        .map(
            e ->
                Map.entry(
                    e.getKey(), e.getValue() - before.threadNanos.getOrDefault(e.getKey(), 0L)))
        .filter(e -> e.getValue() > 0)
        .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
        .limit(8)
        .forEach(
            e ->
                rows.add(
                    List.of(due, "  thread " + e.getKey(), perTick(e.getValue() / 1e6, ticks))));
    return rows;
  }

  private static String perTick(double value, long ticks) {
    return String.format("%.2f", value / ticks);
  }
}
