package com.cmp.polling.benchmarks.infra;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Predicate;

/**
 * CPU spent between two points: by this JVM, by the threads of this JVM that serve someone else
 * (the gateway simulator's Tomcat, when it shares the JVM), and by the whole machine. On a 2-core
 * box where the database, Redis and Kafka share the cores, "checks per second" says more about the
 * box than about the code; CPU per operation is what carries over to a dedicated host.
 */
public final class CpuUse {

  private final long processNanos;
  private final long excludedThreadNanos;
  private final long machineBusyTicks;
  private final long machineTotalTicks;

  private CpuUse(long processNanos, long excludedNanos, long busyTicks, long totalTicks) {
    this.processNanos = processNanos;
    this.excludedThreadNanos = excludedNanos;
    this.machineBusyTicks = busyTicks;
    this.machineTotalTicks = totalTicks;
  }

  /** A reading now; {@code excluded} names the threads whose CPU is not the code's under test. */
  public static CpuUse now(Predicate<String> excluded) {
    var os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long excludedNanos = 0;
    for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
      if (info != null && excluded.test(info.getThreadName())) {
        excludedNanos += Math.max(0, threads.getThreadCpuTime(info.getThreadId()));
      }
    }
    long[] machine = machineTicks();
    return new CpuUse(os.getProcessCpuTime(), excludedNanos, machine[0], machine[1]);
  }

  /** Milliseconds of CPU this JVM spent since {@code earlier}, the excluded threads left out. */
  public double ownMillisSince(CpuUse earlier) {
    long own =
        (processNanos - earlier.processNanos) - (excludedThreadNanos - earlier.excludedThreadNanos);
    return own / 1e6;
  }

  /** Share of all cores busy since {@code earlier}, 0–100, or -1 where /proc/stat is absent. */
  public double machineBusyPercentSince(CpuUse earlier) {
    long total = machineTotalTicks - earlier.machineTotalTicks;
    return total <= 0 ? -1 : 100.0 * (machineBusyTicks - earlier.machineBusyTicks) / total;
  }

  // First line of /proc/stat: "cpu user nice system idle iowait irq softirq steal ...".
  private static long[] machineTicks() {
    try {
      String[] fields = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
      long total = 0;
      for (int i = 1; i < Math.min(fields.length, 9); i++) {
        total += Long.parseLong(fields[i]);
      }
      long idle = Long.parseLong(fields[4]) + Long.parseLong(fields[5]);
      return new long[] {total - idle, total};
    } catch (IOException | RuntimeException notLinux) {
      return new long[] {0, 0};
    }
  }
}
