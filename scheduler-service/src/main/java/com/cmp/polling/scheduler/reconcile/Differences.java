package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.enrollment.EnrollmentPlan;
import com.cmp.polling.core.queue.QueueEntry;
import com.cmp.polling.core.queue.QueuedCard;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.reconcile.RepairKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What separates a card's queue entries from its plan (CardPlanner's answer: polled or not, under
 * which config, which checks). A card not polled must be in no queue; a polled card must be in the
 * queue of every check its plan has, and in no other, with one exception: the protect queue of a
 * polled card is left to the protect check, which takes the card out at its first check after the
 * protection period ended (a period ends by time, not by a change the reconciler could wait for).
 * An entry scored beyond the far-future horizon would never come due in time: it is moved to its
 * plan's time, or removed where the plan has no such check (a protect entry the protect check will
 * never reach).
 */
final class Differences {

  private Differences() {}

  /**
   * @param plan the card's plan, or null when no live card has that id
   * @param horizon entries scored after it are far in the future
   */
  static List<Repair> of(QueuedCard queued, EnrollmentPlan plan, Instant horizon) {
    if (plan == null || !plan.isPolled()) {
      if (queued.entries().isEmpty()) {
        return List.of();
      }
      String why =
          plan == null
              ? "card " + queued.cardId() + " does not exist (or is deleted)"
              : plan.skipReason();
      List<Repair> repairs = new ArrayList<>(queued.entries().size());
      queued.entries().values().forEach(e -> repairs.add(Repair.remove(RepairKind.STRAY, e, why)));
      return repairs;
    }
    List<Repair> repairs = List.of();
    for (QueueEntry entry : queued.entries().values()) {
      Optional<ScheduledCheck> planned =
          plan.checks().stream().filter(check -> check.taskType() == entry.type()).findFirst();
      if (entry.type() != TaskType.PROTECT && planned.isEmpty()) {
        repairs = grown(repairs);
        repairs.add(
            Repair.remove(
                RepairKind.WRONG_TYPE,
                entry,
                "its config '"
                    + plan.config().name()
                    + "' has no "
                    + entry.type().code()
                    + " check"));
      } else if (entry.at().isAfter(horizon)) {
        repairs = grown(repairs);
        String why = "due " + entry.at() + ", later than any config's interval allows";
        repairs.add(
            planned.isPresent()
                ? Repair.move(RepairKind.FAR_FUTURE, entry, planned.get(), why + ": moved")
                : Repair.remove(RepairKind.FAR_FUTURE, entry, why + ", and not protected"));
      }
    }
    for (ScheduledCheck check : plan.checks()) {
      if (!queued.entries().containsKey(check.taskType())) {
        repairs = grown(repairs);
        repairs.add(Repair.add(check, "polled under config '" + plan.config().name() + "'"));
      }
    }
    return repairs;
  }

  /** A list that takes additions: most cards agree with their plan and allocate nothing. */
  private static List<Repair> grown(List<Repair> repairs) {
    return repairs.isEmpty() ? new ArrayList<>(2) : repairs;
  }
}
