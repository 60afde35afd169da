package com.cmp.polling.core.enrollment;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongToIntFunction;

/**
 * Lines up the carddata checks of a batch-capable carrier so that its cards come due together and
 * share batch calls. A check handler groups the cards of one poll per carrier; at usage-aware rates
 * few cards of one carrier fall due in the same second, so without help most batch calls carry one
 * or two cards. Here each card's next carddata check is moved EARLIER, never later, onto the latest
 * point of its group's grid at or before the planned time; a group is the cards of one carrier
 * whose tasks go to one range of the task topic's partitions (the range a consumer is given), so a
 * group's cards are published in one scheduling round to partitions one consumer reads, and land in
 * one poll. The groups' points are spread evenly over the grid (a fixed offset per carrier, then
 * one step per slot), so the fleet's load stays spread over time instead of a fleet-wide burst at
 * each grid point. A check keeps at least half of its wait (a short wait may still move, by less
 * than half: a card near its limit can then be checked sooner than the usage-aware {@code
 * min-interval}); nothing is ever pushed towards now or past its planned time (a usage-aware check
 * stays before the card's predicted limit). Pure: it reads only its clock.
 */
public final class CarddataAlignment {

  private final CarddataAlignmentSettings settings;
  private final int partitions;
  private final LongToIntFunction partitionOf;
  private final Clock clock;

  /**
   * @param partitions the task topic's partitions
   * @param partitionOf the partition a card's check task is published to (by its record key)
   */
  public CarddataAlignment(
      CarddataAlignmentSettings settings,
      int partitions,
      LongToIntFunction partitionOf,
      Clock clock) {
    if (partitions < 1) {
      throw new IllegalArgumentException("partitions must be at least 1, was " + partitions);
    }
    this.settings = settings;
    this.partitions = partitions;
    this.partitionOf = partitionOf;
    this.clock = clock;
  }

  /** An alignment that lines up nothing. */
  public static CarddataAlignment off(Clock clock) {
    return new CarddataAlignment(CarddataAlignmentSettings.OFF, 1, card -> 0, clock);
  }

  public CarddataAlignmentSettings settings() {
    return settings;
  }

  /**
   * When a card's carddata check planned for {@code planned} is due once lined up: the latest point
   * of its group's grid not after {@code planned}, as long as that keeps at least half the wait
   * from now to {@code planned} (a short wait is not cut to nothing, which would only check the
   * card again at once); {@code planned} itself otherwise, or when the card's carrier is not lined
   * up.
   */
  public Instant aligned(Instant planned, long cardId, long carrierId) {
    if (!settings.enabled() || !settings.carriers().contains(carrierId)) {
      return planned;
    }
    long grid = settings.grid().toMillis();
    long at = planned.toEpochMilli();
    long point = at - Math.floorMod(at - offset(cardId, carrierId, grid), grid);
    long now = clock.millis();
    return point > now && point - now >= (at - now) / 2 ? Instant.ofEpochMilli(point) : planned;
  }

  /**
   * Where in the grid a card's group comes due: the carrier's own offset, plus an even share of the
   * grid per slot. A slot is a contiguous range of partitions, as a range assignment hands them to
   * the consumers.
   */
  long offset(long cardId, long carrierId, long grid) {
    int slots = Math.min(settings.slots(), partitions);
    int slot = (int) ((long) partitionOf.applyAsInt(cardId) * slots / partitions);
    long carrierOffset =
        Math.floorMod(CardEnrollment.spreadHash(carrierId, TaskType.CARDDATA), grid);
    return Math.floorMod(carrierOffset + slot * grid / slots, grid);
  }

  /**
   * The plans with their carddata checks lined up; {@code checked} in the order of the plans. The
   * cards of a carrier whose account's budget stretches its intervals are left where the stretch
   * put them: the stretch is just what the budget pays for, and moving their checks earlier would
   * spend more calls than it allows.
   */
  List<EnrollmentPlan> aligned(
      List<EnrollmentPlan> plans, List<CheckedCard> checked, IntervalStretches stretches) {
    if (!settings.enabled()) {
      return plans;
    }
    List<EnrollmentPlan> aligned = new ArrayList<>(plans.size());
    for (int i = 0; i < plans.size(); i++) {
      EnrollmentPlan plan = plans.get(i);
      Card card = checked.get(i).card();
      if (stretches.of(card.carrierId()) > 1.0) {
        aligned.add(plan);
        continue;
      }
      aligned.add(
          plan.dueAt(TaskType.CARDDATA)
              .map(
                  due -> plan.withDue(TaskType.CARDDATA, aligned(due, card.id(), card.carrierId())))
              .orElse(plan));
    }
    return aligned;
  }
}
