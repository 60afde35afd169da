package com.cmp.polling.benchmarks.infra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * CPU time of processes of this machine, from {@code /proc/<pid>/stat} (Linux): user plus system
 * time, in seconds. Zero where /proc is absent, so a report on another system says "?" rather than
 * failing.
 */
public final class ProcessCpu {

  // USER_HZ: 100 on every Linux the JDK supports.
  private static final double TICKS_PER_SECOND = 100.0;

  private ProcessCpu() {}

  /** CPU seconds the process has used so far; with its waited-for children when asked. */
  public static double seconds(long pid, boolean withReapedChildren) {
    long[] fields = fields(pid);
    if (fields == null) {
      return 0;
    }
    long ticks = fields[13] + fields[14] + (withReapedChildren ? fields[15] + fields[16] : 0);
    return ticks / TICKS_PER_SECOND;
  }

  /**
   * CPU seconds of a process tree one level deep: the parent (with the children it reaped) and its
   * live children, e.g. a PostgreSQL postmaster and its backends.
   */
  public static double treeSeconds(long parentPid) {
    double total = seconds(parentPid, true);
    try (Stream<Path> entries = Files.list(Path.of("/proc"))) {
      for (Path entry : entries.toList()) {
        String name = entry.getFileName().toString();
        if (!name.chars().allMatch(Character::isDigit)) {
          continue;
        }
        long[] fields = fields(Long.parseLong(name));
        if (fields != null && fields[3] == parentPid) {
          total += (fields[13] + fields[14]) / TICKS_PER_SECOND;
        }
      }
    } catch (IOException | RuntimeException noProc) {
      return total;
    }
    return total;
  }

  /** The parent of a process, or -1. */
  public static long parentOf(long pid) {
    long[] fields = fields(pid);
    return fields == null ? -1 : fields[3];
  }

  /**
   * The numeric fields of /proc/pid/stat, 0-based as in proc(5) minus one (fields[3] is the ppid,
   * fields[13] utime); the command name (field 2, which may hold spaces) is skipped as 0.
   */
  private static long[] fields(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      String[] rest = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      long[] fields = new long[rest.length + 2];
      fields[0] = pid;
      for (int i = 0; i < rest.length; i++) {
        try {
          fields[i + 2] = Long.parseLong(rest[i]);
        } catch (NumberFormatException state) {
          fields[i + 2] = 0;
        }
      }
      return fields;
    } catch (IOException | RuntimeException gone) {
      return null;
    }
  }
}
