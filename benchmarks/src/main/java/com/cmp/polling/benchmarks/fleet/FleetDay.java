package com.cmp.polling.benchmarks.fleet;

import com.cmp.polling.autoconfigure.TaskPartitions;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.enrollment.CarddataAlignment;
import com.cmp.polling.core.enrollment.CarddataAlignmentSettings;
import com.cmp.polling.stopresume.gateway.CallPlan;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * One set-up over the simulated hours, on a simulated clock, one scheduling round a second: the
 * round takes every card due by then, publishes them shard after shard to their partitions; each
 * consumer's poll takes what the round published to its partitions (at most max-poll-records, the
 * rest in the next poll of the same round), checks them in slices of the handler's workers, and
 * each slice asks the carriers in the calls the handlers' own {@link CallPlan} makes of it: per
 * carrier, at most its batch size a call. The stops a slice's checks decide go out the same way.
 * Calls and checks count only within the measured day.
 */
final class FleetDay {

  private final List<SimulatedCard> fleet;
  private final FleetModel model;
  private final long measuredFrom;
  private final long measuredTo;
  private final long end;
  private final LocalDate monthStart;
  private final long seed;

  FleetDay(
      List<SimulatedCard> fleet,
      FleetModel model,
      long measuredFrom,
      LocalDate monthStart,
      long seed) {
    this.fleet = fleet;
    this.model = model;
    this.measuredFrom = measuredFrom;
    this.measuredTo = measuredFrom + 24 * SimulatedCard.HOUR;
    this.end = measuredTo + WARM_UP.toMillis() + SimulatedCard.HOUR;
    this.monthStart = monthStart;
    this.seed = seed;
  }

  /** The longest warm-up: the longest wait of the usage-aware intervals. */
  static final Duration WARM_UP = Duration.ofHours(24);

  /**
   * Runs the set-up from its warm-up's start (the longest wait it plans, so that every card has
   * been checked under its rules before the measured day: a day for the usage-aware intervals, an
   * hour for fixed ones) until every card that crossed its limit in the day is stopped.
   */
  DayFigures run(Setup setup) {
    long start =
        measuredFrom - (setup.usageAware().enabled() ? WARM_UP : Duration.ofHours(1)).toMillis();
    int seconds = (int) ((end - start) / 1000);
    SimClock clock = new SimClock(Instant.ofEpochMilli(start));
    Set<Long> carriers = setup.aligned() ? Set.of(1L, 2L, 3L, 4L) : Set.of();
    int partitions = model.partitions();
    CarddataAlignment alignment =
        new CarddataAlignment(
            new CarddataAlignmentSettings(setup.grid(), model.slots(), carriers),
            partitions,
            cardId -> TaskPartitions.of(cardId, partitions),
            clock);
    CardCheck checks =
        new CardCheck(
            CardPlanner.carddataIntervals(setup.usageAware(), clock), alignment, monthStart);
    FleetState state = new FleetState(fleet, start, monthStart);
    DueBuckets queue = new DueBuckets(start, seconds);
    SplittableRandom spread = new SplittableRandom(seed);
    for (int i = 0; i < fleet.size(); i++) {
      queue.add(i, checks.firstDue(fleet.get(i), state, i, start, spread.nextDouble()));
    }
    DayFigures figures = new DayFigures();
    int usageBatch = setup.batches() ? model.usageBatch() : 1;
    int stopBatch = setup.batches() ? model.stopBatch() : 1;
    int crossingsOnline = crossingsInTheDay();
    for (int second = 0; second < seconds; second++) {
      long now = start + second * 1000L;
      if (now >= measuredTo && crossingsOnline == 0) {
        break;
      }
      clock.set(now);
      int[] due = queue.take(second);
      if (due.length == 0) {
        continue;
      }
      boolean measured = now >= measuredFrom && now < measuredTo;
      if (measured) {
        figures.peakChecksInASecond = Math.max(figures.peakChecksInASecond, due.length);
      }
      for (List<Integer> poll : polls(due)) {
        for (int from = 0; from < poll.size(); from += model.sliceSize()) {
          List<Integer> slice = poll.subList(from, Math.min(poll.size(), from + model.sliceSize()));
          CallPlan<Integer> calls =
              CallPlan.of(slice, i -> fleet.get(i).carrierId(), carrier -> usageBatch);
          List<Integer> stopped = new ArrayList<>();
          for (int index : slice) {
            CardCheck.Done done = checks.check(fleet.get(index), state, index, now);
            queue.add(index, done.nextAt());
            if (done.stopped()) {
              stopped.add(index);
              crossingsOnline -= crossesInTheDay(fleet.get(index)) ? 1 : 0;
            }
            if (measured) {
              figures.checked(fleet.get(index).kind());
            }
          }
          if (measured) {
            for (List<Integer> call : calls.calls()) {
              figures.usageCalls++;
              figures.usageCards += call.size();
              figures.fullUsageCalls += call.size() == usageBatch ? 1 : 0;
            }
            figures.stopCalls +=
                CallPlan.of(stopped, i -> fleet.get(i).carrierId(), carrier -> stopBatch)
                    .calls()
                    .size();
          }
        }
      }
    }
    crossings(state, figures);
    return figures;
  }

  /**
   * A round's cards as the consumers' polls get them: published shard after shard (in due order
   * within a shard), each to its partition; a consumer's poll holds its partitions' records in that
   * order, at most max-poll-records of them.
   */
  private List<List<Integer>> polls(int[] due) {
    Integer[] ordered = Arrays.stream(due).boxed().toArray(Integer[]::new);
    Arrays.sort(
        ordered,
        Comparator.comparingLong((Integer i) -> fleet.get(i).id() % model.shards())
            .thenComparingLong(i -> fleet.get(i).id()));
    List<List<Integer>> byConsumer = new ArrayList<>();
    for (int c = 0; c < model.consumers(); c++) {
      byConsumer.add(new ArrayList<>());
    }
    for (Integer index : ordered) {
      byConsumer.get(model.consumerOf(fleet.get(index).partition())).add(index);
    }
    List<List<Integer>> polls = new ArrayList<>();
    for (List<Integer> records : byConsumer) {
      for (int from = 0; from < records.size(); from += model.maxPollRecords()) {
        polls.add(records.subList(from, Math.min(records.size(), from + model.maxPollRecords())));
      }
    }
    return polls;
  }

  private int crossingsInTheDay() {
    return (int) fleet.stream().filter(this::crossesInTheDay).count();
  }

  private boolean crossesInTheDay(SimulatedCard card) {
    return card.crossesAt() >= measuredFrom && card.crossesAt() < measuredTo;
  }

  /** Each card crossing its limit in the measured day: how long until its stop, how much past. */
  private void crossings(FleetState state, DayFigures figures) {
    for (int i = 0; i < fleet.size(); i++) {
      SimulatedCard card = fleet.get(i);
      if (!crossesInTheDay(card)) {
        continue;
      }
      long stoppedAt = state.stoppedAt[i];
      if (stoppedAt < 0) {
        figures.crossingsNotStopped++;
        continue;
      }
      figures.crossing(
          card.kind(),
          Math.max(0, stoppedAt - card.crossesAt()) / 60_000.0,
          Math.max(0, card.usedAt(stoppedAt) - card.limitMb()));
    }
  }
}
