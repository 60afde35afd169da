package com.cmp.polling.core.lifecycle;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.config.ConfigSnapshot;
import com.cmp.polling.core.config.PollingConfig;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.enrollment.ConfigMove;
import com.cmp.polling.core.enrollment.EnrollmentPlan;
import com.cmp.polling.core.queue.EntryChange;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.schemas.task.TaskType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One page of a {@link ConfigReenrollment} pass: the page's cards planned, then moved in one
 * pipeline (one script call per shard), so that a card changing task types is never seen in none.
 */
final class ReenrollmentPage {

  private final CardPlanner planner;
  private final PollingQueueManager queues;

  ReenrollmentPage(CardPlanner planner, PollingQueueManager queues) {
    this.planner = planner;
    this.queues = queues;
  }

  /**
   * A task type the new config turned on, or whose interval changed, gets now + random(0, new
   * interval), unless the card is due sooner already (its entry or lease is kept then, and the
   * completion of that check plans with the new config); a type whose interval did not change keeps
   * its entry (added if missing); a type turned off leaves.
   *
   * @return how many cards of the page changed config (and so were re-enrolled)
   */
  int apply(List<Card> cards, ConfigSnapshot before, ConfigSnapshot after) {
    List<EntryChange> changes = new ArrayList<>();
    // Cards whose config did not change are left out: same config, same intervals, nothing to do.
    List<ConfigMove> moves = planner.configMoves(cards, before, after);
    for (ConfigMove move : moves) {
      Optional<PollingConfig> old = move.before();
      EnrollmentPlan plan = move.plan();
      for (TaskType type : TaskType.values()) {
        Optional<ScheduledCheck> check =
            plan.checks().stream().filter(c -> c.taskType() == type).findFirst();
        if (check.isEmpty()) {
          changes.add(EntryChange.remove(plan.cardId(), type));
        } else if (old.isPresent()
            && old.get().interval(type).equals(plan.config().interval(type))) {
          changes.add(EntryChange.ifAbsent(check.get()));
        } else {
          changes.add(EntryChange.sooner(check.get()));
        }
      }
    }
    queues.move(changes);
    return moves.size();
  }
}
