package com.cmp.polling.core.lifecycle;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.concurrent.DaemonThreads;
import com.cmp.polling.core.config.ConfigChangeListener;
import com.cmp.polling.core.config.ConfigChanges;
import com.cmp.polling.core.config.ConfigSnapshot;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.queue.PollingQueueManager;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Re-enrolls, after a config change, the cards whose matching config changed (an interval from 60 s
 * to 120 s: every matched card rescheduled within the new interval): in the background, over an id
 * cursor like the initializer, one page at a time. Task types a config turned on join their queues,
 * task types it turned off leave them, and a changed interval moves the next check to now +
 * random(0, new interval) unless it was due sooner; cards whose config did not change are not
 * touched. Passes run one after another, in the order of the changes. Each pass says in Redis that
 * it runs and, at its end, that it completed ({@link ReenrollmentRecord}): the queue reconciler
 * then needs no full pass of its own for the change. Register it on the config manager of ONE
 * process (the lifecycle listener): every process that registers it repeats the work.
 */
public class ConfigReenrollment implements ConfigChangeListener, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(ConfigReenrollment.class);
  private static final int PAGE_ATTEMPTS = 3;

  private final CardStore cards;
  private final ReenrollmentPage page;
  private final ReenrollmentRecord record;
  private final int pageSize;
  private final Duration retryPause;
  private final ExecutorService worker =
      Executors.newSingleThreadExecutor(DaemonThreads.named("config-reenrollment"));

  public ConfigReenrollment(
      CardStore cards,
      CardPlanner planner,
      PollingQueueManager queues,
      ReenrollmentRecord record,
      int pageSize,
      Duration retryPause) {
    if (pageSize <= 0) {
      throw new IllegalArgumentException("page size must be positive, was " + pageSize);
    }
    this.cards = cards;
    this.page = new ReenrollmentPage(planner, queues);
    this.record = record;
    this.pageSize = pageSize;
    this.retryPause = retryPause;
  }

  @Override
  public void onChange(ConfigSnapshot before, ConfigSnapshot after, ConfigChanges changes) {
    worker.execute(() -> pass(before, after, changes));
  }

  private void pass(ConfigSnapshot before, ConfigSnapshot after, ConfigChanges changes) {
    long started = System.nanoTime();
    log.info(
        "re-enrolling the cards of changed polling configs: added {}, changed {}, removed {}",
        changes.added(),
        changes.changed(),
        changes.removed());
    String fingerprint = after.fingerprint();
    long lastId = 0;
    long read = 0;
    long moved = 0;
    while (!Thread.currentThread().isInterrupted()) {
      record.running(fingerprint);
      List<Card> batch = cards.findAfterForEnrollment(lastId, pageSize);
      if (batch.isEmpty()) {
        break;
      }
      Integer done = pageWithRetries(batch, before, after);
      if (done == null) {
        log.error(
            "config re-enrollment gave up after card {}: the cards after it keep their old"
                + " schedule until the next config change or queue rebuild",
            lastId);
        record.abandoned();
        return;
      }
      moved += done;
      read += batch.size();
      lastId = batch.get(batch.size() - 1).id();
    }
    if (Thread.currentThread().isInterrupted()) {
      record.abandoned();
      return;
    }
    record.completed(fingerprint);
    log.info(
        "config re-enrollment done: {} cards read, {} re-enrolled, in {} ms",
        read,
        moved,
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
  }

  /** The number of cards re-enrolled, or null when the page failed every attempt. */
  private Integer pageWithRetries(List<Card> batch, ConfigSnapshot before, ConfigSnapshot after) {
    for (int attempt = 1; attempt <= PAGE_ATTEMPTS; attempt++) {
      try {
        return page.apply(batch, before, after);
      } catch (RuntimeException e) {
        log.warn(
            "config re-enrollment of cards {}..{} failed (attempt {} of {}): {}",
            batch.get(0).id(),
            batch.get(batch.size() - 1).id(),
            attempt,
            PAGE_ATTEMPTS,
            e.toString());
        if (!pause()) {
          return null;
        }
      }
    }
    return null;
  }

  private boolean pause() {
    try {
      TimeUnit.MILLISECONDS.sleep(retryPause.toMillis());
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }
}
