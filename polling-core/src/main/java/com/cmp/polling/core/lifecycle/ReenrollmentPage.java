package com.cmp.polling.core.lifecycle;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.config.ConfigSnapshot;
import com.cmp.polling.core.config.PollingConfig;
import com.cmp.polling.core.enrollment.CardEnrollment;
import com.cmp.polling.core.enrollment.CardEnrollment.Timing;
import com.cmp.polling.core.enrollment.EnrollmentPlan;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.schemas.task.TaskType;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** One page of a {@link ConfigReenrollment} pass: plan every card, then three pipelines. */
final class ReenrollmentPage {

  private final CardEnrollment enrollment;
  private final PollingQueueManager queues;

  ReenrollmentPage(CardEnrollment enrollment, PollingQueueManager queues) {
    this.enrollment = enrollment;
    this.queues = queues;
  }

  /**
   * @return how many cards of the page changed config (and so were re-enrolled)
   */
  int apply(
      List<Card> cards,
      Set<Long> allowedDevices,
      Set<Long> protectedCards,
      ConfigSnapshot before,
      ConfigSnapshot after) {
    List<ScheduledCheck> moved = new ArrayList<>();
    List<ScheduledCheck> kept = new ArrayList<>();
    Map<TaskType, List<Long>> removed = new EnumMap<>(TaskType.class);
    int affected = 0;
    for (Card card : cards) {
      Optional<PollingConfig> old = before.match(card);
      if (old.equals(after.match(card))) {
        continue; // same config, same intervals: nothing to do
      }
      affected++;
      boolean deviceAllows = !card.inDevice() || allowedDevices.contains(card.deviceId());
      boolean protectedCard = protectedCards.contains(card.id());
      EnrollmentPlan plan =
          enrollment.plan(card, deviceAllows, protectedCard, Timing.SPREAD, after);
      for (TaskType type : TaskType.values()) {
        Optional<ScheduledCheck> check =
            plan.checks().stream().filter(c -> c.taskType() == type).findFirst();
        if (check.isEmpty()) {
          removed.computeIfAbsent(type, t -> new ArrayList<>()).add(card.id());
        } else if (old.isPresent()
            && old.get().interval(type).equals(plan.config().interval(type))) {
          kept.add(check.get()); // interval unchanged: a queued card keeps its time
        } else {
          moved.add(check.get()); // new task type or new interval: now + random(0, interval)
        }
      }
    }
    queues.requeueAll(moved, false);
    queues.requeueAll(kept, true);
    removed.forEach(queues::removeFromQueue);
    return affected;
  }
}
