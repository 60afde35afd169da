package com.cmp.polling.core.lifecycle;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.config.ConfigSnapshot;
import com.cmp.polling.core.config.PollingConfig;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.enrollment.ConfigMove;
import com.cmp.polling.core.enrollment.EnrollmentPlan;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.schemas.task.TaskType;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** One page of a {@link ConfigReenrollment} pass: plan the page's cards, then three pipelines. */
final class ReenrollmentPage {

  private final CardPlanner planner;
  private final PollingQueueManager queues;

  ReenrollmentPage(CardPlanner planner, PollingQueueManager queues) {
    this.planner = planner;
    this.queues = queues;
  }

  /**
   * @return how many cards of the page changed config (and so were re-enrolled)
   */
  int apply(List<Card> cards, ConfigSnapshot before, ConfigSnapshot after) {
    List<ScheduledCheck> moved = new ArrayList<>();
    List<ScheduledCheck> kept = new ArrayList<>();
    Map<TaskType, List<Long>> removed = new EnumMap<>(TaskType.class);
    // Cards whose config did not change are left out: same config, same intervals, nothing to do.
    List<ConfigMove> moves = planner.configMoves(cards, before, after);
    for (ConfigMove move : moves) {
      Optional<PollingConfig> old = move.before();
      EnrollmentPlan plan = move.plan();
      for (TaskType type : TaskType.values()) {
        Optional<ScheduledCheck> check =
            plan.checks().stream().filter(c -> c.taskType() == type).findFirst();
        if (check.isEmpty()) {
          removed.computeIfAbsent(type, t -> new ArrayList<>()).add(plan.cardId());
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
    return moves.size();
  }
}
