package com.cmp.polling.scheduler.triggers;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.concurrent.DaemonThreads;
import com.cmp.polling.core.packageusage.PackageOwner;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.scheduler.config.SchedulerProperties;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The scheduler's package triggers, run every 10 seconds: pending or active packages past their
 * expiry become expired, packages whose monthly reset time has come start their month again; every
 * card concerned (a device's: all its cards) becomes due now in its own package queue, so that
 * StopResumeService acts on the change within the next rounds. Not through the manual lane: a
 * monthly reset concerns most of the fleet, millions of checks that would queue in front of the
 * operators' own on the few manual workers. Safe with several schedulers: each package row is
 * changed by one of them.
 */
@Component
public class PackageTriggers implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(PackageTriggers.class);

  private final PackageUsageStore packages;
  private final CardStore cards;
  private final PollingQueueManager queues;
  private final SchedulerProperties.Triggers settings;
  private final Clock clock;
  private ScheduledExecutorService ticker;

  public PackageTriggers(
      PackageUsageStore packages,
      CardStore cards,
      PollingQueueManager queues,
      SchedulerProperties properties,
      Clock clock) {
    this.packages = packages;
    this.cards = cards;
    this.queues = queues;
    this.settings = properties.triggers();
    this.clock = clock;
  }

  /**
   * What one run changed; {@code cardsConcerned}: the cards of the changed packages (once per batch
   * they were in), made due now where they are queued for package checks.
   */
  public record Result(int expiredPackages, int resetPackages, int cardsConcerned) {}

  /** Runs both triggers once; also what tests call instead of waiting. */
  public Result runOnce() {
    int[] cardsConcerned = {0};
    int expired = drain(packages::expireDue, cardsConcerned);
    int reset = drain(packages::resetDue, cardsConcerned);
    if (expired + reset > 0) {
      log.info(
          "package triggers: {} expired, {} reset for the new month; {} cards concerned, due"
              + " for a package check now where they are queued for one",
          expired,
          reset,
          cardsConcerned[0]);
    }
    return new Result(expired, reset, cardsConcerned[0]);
  }

  /**
   * Runs {@code step} batch by batch until a batch is short; the cards of each batch are made due
   * in one pipeline before the next batch is taken.
   */
  private int drain(BiFunction<Instant, Integer, List<PackageOwner>> step, int[] cardsConcerned) {
    int changed = 0;
    while (true) {
      List<PackageOwner> owners = step.apply(clock.instant(), settings.batchSize());
      changed += owners.size();
      Set<Long> concerned = new LinkedHashSet<>();
      for (PackageOwner owner : owners) {
        if (owner.kind() == PackageOwner.Kind.CARD) {
          concerned.add(owner.id());
        } else {
          cards.findByDevice(owner.id()).stream().map(Card::id).forEach(concerned::add);
        }
      }
      if (!concerned.isEmpty()) {
        // Only cards queued for package checks: a card that is not polled is not brought back.
        queues.makeDue(TaskType.PACKAGE, concerned);
        cardsConcerned[0] += concerned.size();
      }
      if (owners.size() < settings.batchSize()) {
        return changed;
      }
    }
  }

  private void runSafely() {
    try {
      runOnce();
    } catch (RuntimeException e) {
      log.error("package triggers failed; the next run tries again", e);
    }
  }

  @Override
  public synchronized void start() {
    if (!settings.enabled() || ticker != null) {
      return;
    }
    ticker = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("package-triggers"));
    long every = settings.interval().toMillis();
    ticker.scheduleWithFixedDelay(this::runSafely, every, every, TimeUnit.MILLISECONDS);
  }

  @Override
  public synchronized void stop() {
    if (ticker != null) {
      ticker.shutdown();
      ticker = null;
    }
  }

  @Override
  public synchronized boolean isRunning() {
    return ticker != null;
  }
}
