package com.cmp.polling.core.enrollment;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.Map;

/**
 * The planner's metric: {@code polling.planning.carddata.wait}, the wait the usage-aware carddata
 * intervals chose after each carddata check, in seconds, tagged by {@code reason} ({@code
 * predicted}, {@code idle}, {@code at-limit}, {@code config}). Recorded only while the option is
 * on, by the processes that complete checks.
 */
public final class PlanningMetrics {

  private final Map<CarddataWait.Reason, DistributionSummary> waits =
      new EnumMap<>(CarddataWait.Reason.class);

  public PlanningMetrics(MeterRegistry registry) {
    for (CarddataWait.Reason reason : CarddataWait.Reason.values()) {
      waits.put(
          reason,
          DistributionSummary.builder("polling.planning.carddata.wait")
              .description("the wait until a card's next carddata check, as planned after a check")
              .baseUnit("seconds")
              .tag("reason", reason.code())
              .publishPercentiles(0.5, 0.99)
              .register(registry));
    }
  }

  void record(CarddataWait wait) {
    waits.get(wait.reason()).record(wait.delay().toMillis() / 1000.0);
  }
}
