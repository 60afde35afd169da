package com.cmp.polling.handlers.base;

import com.cmp.polling.autoconfigure.PollingProperties;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.handlers.base.CheckOutcome.Kind;
import com.cmp.polling.handlers.config.HandlersProperties;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Manual checks that could not run (put off, or a passing failure: the carrier's rate limit, a
 * timeout, the card busy). Their trigger left the trigger set when Kafka acknowledged the task, and
 * a manual task holds no lease of the card's shard queue; putting the card at {@code retry-delay}
 * in its shard queue, as a regular check is, would make the operator wait a minute and then queue
 * behind the regular backlog. Instead the card is triggered again, {@code manual-retry-delay} from
 * now, and goes through the manual topic once more; its regular time is left as it was.
 */
@Component
class ManualRetries {

  private static final Logger log = LoggerFactory.getLogger(ManualRetries.class);

  private final PollingQueueManager queues;
  private final Duration delay;
  private final Clock clock;

  ManualRetries(
      PollingQueueManager queues,
      HandlersProperties settings,
      PollingProperties polling,
      Clock clock) {
    Duration lease = polling.queue().lease();
    Duration configured = settings.manualRetryDelay();
    if (configured.isNegative()) {
      throw new IllegalStateException(
          "cmp.polling.handlers.manual-retry-delay must not be negative, was " + configured);
    }
    // A trigger due after the lease of the one still being settled could be removed by that
    // settling: the delay stays within half the lease.
    Duration delay = configured.compareTo(lease.dividedBy(2)) < 0 ? configured : lease.dividedBy(2);
    if (!delay.equals(configured)) {
      log.warn(
          "cmp.polling.handlers.manual-retry-delay {} is not shorter than half the queue lease {}:"
              + " manual checks that could not run are triggered again after {}",
          configured,
          lease,
          delay);
    }
    this.queues = queues;
    this.delay = delay;
    this.clock = clock;
  }

  /** Whether a manual check with this outcome is triggered again rather than completed. */
  static boolean triggeredAgain(Kind kind) {
    return kind == Kind.RETRY_SOON || kind == Kind.PUT_OFF;
  }

  /**
   * Triggers the card's manual check again after the delay.
   *
   * @return what became of the task
   */
  TaskResult again(TaskType type, long cardId, Kind kind) {
    Instant at = clock.instant().plus(delay);
    queues.manualTriggers().enqueueAt(cardId, type, at);
    log.info(
        "manual {} check of card {} {}: triggered again for {}, through the manual topic; its"
            + " regular check keeps its time",
        type.code(),
        cardId,
        kind == Kind.PUT_OFF ? "put off" : "failed in passing",
        at);
    return kind == Kind.PUT_OFF ? TaskResult.PUT_OFF : TaskResult.RETRY;
  }
}
