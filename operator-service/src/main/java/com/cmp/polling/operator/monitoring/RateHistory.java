package com.cmp.polling.operator.monitoring;

import com.cmp.polling.operator.config.MonitoringProperties;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * The dispatched and handled totals sampled every {@code rate-sample} over the last {@code
 * rate-window}, in a ring: the rate charts divide the difference of two samples by the time between
 * them. Several scheduler instances agree, as the totals are shared.
 */
@Component
public class RateHistory {

  private final PipelineTotals totals;
  private final Clock clock;
  private final int capacity;
  private final Deque<Sample> samples = new ArrayDeque<>();

  RateHistory(PipelineTotals totals, MonitoringProperties settings, Clock clock) {
    this.totals = totals;
    this.clock = clock;
    this.capacity = settings.rateSamples();
  }

  /** Reads the totals now and adds them to the ring; also what tests call instead of waiting. */
  public void sampleNow() {
    Sample sample = new Sample(clock.instant(), totals.dispatched(), totals.handled());
    synchronized (samples) {
      samples.addLast(sample);
      while (samples.size() > capacity) {
        samples.removeFirst();
      }
    }
  }

  /**
   * Per-second rates between consecutive samples, oldest first: {@code t} the end of each interval;
   * {@code dispatched} and {@code handled} one series per task type, null where a total was unknown
   * at either end or went backwards (Redis emptied, a consumer group reset).
   */
  public Rates rates() {
    List<Sample> copy;
    synchronized (samples) {
      copy = new ArrayList<>(samples);
    }
    List<Instant> times = new ArrayList<>();
    Map<String, List<Double>> dispatched = series();
    Map<String, List<Double>> handled = series();
    for (int i = 1; i < copy.size(); i++) {
      Sample from = copy.get(i - 1);
      Sample to = copy.get(i);
      double seconds = Duration.between(from.at(), to.at()).toMillis() / 1000.0;
      times.add(to.at());
      for (TaskType type : TaskType.values()) {
        dispatched.get(type.code()).add(rate(from.dispatched(), to.dispatched(), type, seconds));
        handled.get(type.code()).add(rate(from.handled(), to.handled(), type, seconds));
      }
    }
    return new Rates(times, dispatched, handled);
  }

  private static Map<String, List<Double>> series() {
    Map<String, List<Double>> byType = new LinkedHashMap<>();
    for (TaskType type : TaskType.values()) {
      byType.put(type.code(), new ArrayList<>());
    }
    return byType;
  }

  private static Double rate(
      Map<TaskType, Long> from, Map<TaskType, Long> to, TaskType type, double seconds) {
    Long before = from.get(type);
    Long after = to.get(type);
    if (before == null || after == null || after < before || seconds <= 0) {
      return null;
    }
    return (after - before) / seconds;
  }

  /** Rates per second, by task type code; {@code t} the end of each interval. */
  public record Rates(
      List<Instant> t, Map<String, List<Double>> dispatched, Map<String, List<Double>> handled) {}

  private record Sample(Instant at, Map<TaskType, Long> dispatched, Map<TaskType, Long> handled) {

    Sample {
      dispatched = Map.copyOf(dispatched);
      handled = Map.copyOf(handled);
    }
  }
}
