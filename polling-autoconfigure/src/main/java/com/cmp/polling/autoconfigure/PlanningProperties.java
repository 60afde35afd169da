package com.cmp.polling.autoconfigure;

import com.cmp.polling.core.enrollment.CarddataAlignmentSettings;
import com.cmp.polling.core.enrollment.UsageAwareSettings;
import java.time.Duration;
import java.util.Set;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * When checks are due beyond their config's intervals ({@code cmp.polling.planning.*}): the
 * usage-aware carddata intervals and the carddata checks lined up for batch calls.
 *
 * @param usageAware the usage-aware carddata intervals
 * @param carddataAlignment how the carddata checks of batch-capable carriers are lined up
 */
public record PlanningProperties(
    @DefaultValue UsageAware usageAware, @DefaultValue CarddataAlignment carddataAlignment) {

  /**
   * Lines up the carddata checks of every carrier with a batch form of the usage query ({@code
   * cmp.polling.gateway.carriers.<id>.batch.usage} above 1): each check is moved earlier onto a
   * point of its group's grid, so that the cards of one carrier reaching one consumer come due
   * together and share batch calls.
   *
   * @param grid the period of each group's due times; {@code 0} (the default) turns it off
   * @param slots how many groups a carrier's cards form, each a contiguous range of the task
   *     topic's partitions, spread evenly over the grid: at most the carddata consumers of all
   *     handler instances
   */
  public record CarddataAlignment(@DefaultValue("0s") Duration grid, @DefaultValue("2") int slots) {

    public CarddataAlignment {
      // Checked at binding, so that a bad value stops the app naming this group.
      new CarddataAlignmentSettings(grid, slots, Set.of());
    }

    /** These settings for the carriers given, as the planner takes them. */
    public CarddataAlignmentSettings settings(Set<Long> carriers) {
      return new CarddataAlignmentSettings(grid, slots, carriers);
    }
  }

  /**
   * After a carddata check, the card's next one comes when its packages would run out at its
   * estimated usage rate times {@code headroom-factor}, within {@code min-interval} and {@code
   * max-interval}; where nothing can be predicted (no data limit, no rate yet, a stopped card) the
   * config's interval applies. Read by the processes that complete carddata checks (the handlers)
   * and explain them (the operator app); the scheduler's reconciler takes {@code max-interval} as
   * an interval the pipeline may plan.
   *
   * @param enabled whether a carddata check's next time follows the card's usage (off: every
   *     carddata check one config interval after the last)
   * @param maxInterval the longest wait between two carddata checks: an idle card, or one far from
   *     its limit, is checked this often
   * @param minInterval the shortest wait the rule plans, however close the card is to its limit
   *     (the carddata alignment, when on, may still move a check up to half its wait earlier)
   * @param headroomFactor how many times its estimated rate a card is assumed to use (the margin):
   *     6 (the default) checks a card again when a sixth of its predicted time to the limit has
   *     passed, which the fleet simulation found keeps bursty cards from crossing unseen
   */
  public record UsageAware(
      @DefaultValue("false") boolean enabled,
      @DefaultValue("24h") Duration maxInterval,
      @DefaultValue("5m") Duration minInterval,
      @DefaultValue("6.0") double headroomFactor) {

    public UsageAware {
      // Checked at binding, so that a bad value stops the app naming this group.
      new UsageAwareSettings(enabled, minInterval, maxInterval, headroomFactor);
    }

    /** These settings as the planner takes them. */
    public UsageAwareSettings settings() {
      return new UsageAwareSettings(enabled, minInterval, maxInterval, headroomFactor);
    }
  }
}
