package com.cmp.polling.benchmarks.fleet;

/**
 * One card of the simulated fleet: who it is and how much data it has used at any moment (its
 * month-to-date total, as its carrier reports it), from hourly rates that hold within each hour.
 *
 * @param partition the task partition its checks are published to (the producer's choice)
 * @param limitMb its package's data limit
 * @param usedAtStartMb its month-to-date total when the simulation's hours begin
 * @param cumulativeMb the MB used since then at the end of each hour; null for an idle card
 * @param crossesAt when its total reaches its limit, in epoch millis; -1 when it does not
 */
record SimulatedCard(
    long id,
    long carrierId,
    int partition,
    UsageKind kind,
    double limitMb,
    double usedAtStartMb,
    long hoursStart,
    double[] cumulativeMb,
    long crossesAt) {

  static final long HOUR = 3_600_000L;

  /** The month-to-date total at {@code at} (epoch millis). */
  double usedAt(long at) {
    if (cumulativeMb == null) {
      return usedAtStartMb;
    }
    return usedAtStartMb + usedSinceStart(cumulativeMb, at - hoursStart);
  }

  /** What the hourly totals add up to {@code sinceStart} millis after the first hour began. */
  static double usedSinceStart(double[] cumulative, long sinceStart) {
    if (sinceStart <= 0) {
      return 0;
    }
    int hour = (int) (sinceStart / HOUR);
    if (hour >= cumulative.length) {
      return cumulative[cumulative.length - 1];
    }
    double before = hour == 0 ? 0 : cumulative[hour - 1];
    return before + (cumulative[hour] - before) * (sinceStart - hour * HOUR) / HOUR;
  }

  /** When the total first reaches {@code totalMb}, in epoch millis; -1 when it never does. */
  static long reaching(double[] cumulative, long hoursStart, double usedAtStart, double totalMb) {
    double needed = totalMb - usedAtStart;
    if (cumulative == null || needed > cumulative[cumulative.length - 1]) {
      return -1;
    }
    for (int hour = 0; hour < cumulative.length; hour++) {
      if (cumulative[hour] >= needed) {
        double before = hour == 0 ? 0 : cumulative[hour - 1];
        double fraction = (needed - before) / (cumulative[hour] - before);
        return hoursStart + hour * HOUR + (long) Math.ceil(fraction * HOUR);
      }
    }
    return -1;
  }
}
