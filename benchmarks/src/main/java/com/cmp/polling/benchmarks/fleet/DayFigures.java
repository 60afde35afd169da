package com.cmp.polling.benchmarks.fleet;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** What one set-up's measured day came to. */
final class DayFigures {

  long usageCalls;
  long usageCards;
  long fullUsageCalls;
  long stopCalls;
  long peakChecksInASecond;
  final Map<UsageKind, Long> checksByKind = new EnumMap<>(UsageKind.class);

  /** Per card crossing its limit in the measured day: minutes to its stop, MB past its limit. */
  final List<Double> minutesToStop = new ArrayList<>();

  final List<Double> mbPastLimit = new ArrayList<>();
  final Map<UsageKind, List<Double>> minutesToStopByKind = new EnumMap<>(UsageKind.class);
  int crossingsNotStopped;

  void checked(UsageKind kind) {
    checksByKind.merge(kind, 1L, Long::sum);
  }

  void crossing(UsageKind kind, double minutes, double mb) {
    minutesToStop.add(minutes);
    minutesToStopByKind.computeIfAbsent(kind, k -> new ArrayList<>()).add(minutes);
    mbPastLimit.add(mb);
  }

  /** The value below which {@code share} of the values lie (nearest rank); 0 when there is none. */
  static double percentile(List<Double> values, double share) {
    if (values.isEmpty()) {
      return 0;
    }
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int rank = (int) Math.ceil(share * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }

  static double sum(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).sum();
  }
}
