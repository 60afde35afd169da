package com.cmp.polling.scheduler.initializer;

import com.cmp.polling.core.lock.HeldLock;
import com.cmp.polling.core.lock.OperationLocks;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.status.initializer.InitProgress;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * An operator's rebuild of the queues from PostgreSQL: the run the initializer makes after a Redis
 * loss, started on demand. Every card is read again and each polled card missing from a queue of
 * its task types is queued, its first check spread over the interval; queued and leased entries are
 * left as they are, so nothing in flight is checked twice. Entries that should not be there stay
 * too: the queue reconciler ({@code reconcile} package) removes them, and adds what is missing
 * without reading every card into the queues again. It shares the initializer's lock and progress,
 * so it never runs beside an initialization, in this instance or another; the reconciler holds the
 * same lock.
 */
@Component
public class QueueRebuild implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(QueueRebuild.class);
  private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

  private final CardInitializer initializer;
  private final OperationLocks locks;
  private Thread worker;

  public QueueRebuild(CardInitializer initializer, OperationLocks locks) {
    this.initializer = initializer;
    this.locks = locks;
  }

  /**
   * Starts a rebuild in the background, and returns once it has the lock (or knows it cannot).
   *
   * @return its starting progress, or empty when an initialization or rebuild is running already
   */
  public synchronized Optional<InitProgress> start(String requestedBy) {
    // The lock is taken, extended and given back on the rebuild's own thread: a Redis lock
    // registry lock belongs to the thread that took it.
    CompletableFuture<Optional<InitProgress>> started = new CompletableFuture<>();
    worker = new Thread(() -> rebuild(requestedBy, started), "queue-rebuild");
    worker.setDaemon(true);
    worker.start();
    try {
      return started.get(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException runtime
          ? runtime
          : new IllegalStateException("queue rebuild did not start", e.getCause());
    } catch (TimeoutException e) {
      throw new IllegalStateException(
          "queue rebuild did not get an answer from Redis within " + START_TIMEOUT, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting the queue rebuild", e);
    }
  }

  private void rebuild(String requestedBy, CompletableFuture<Optional<InitProgress>> started) {
    Optional<HeldLock> lock;
    InitProgress fresh;
    try {
      lock = locks.tryAcquire(RedisKeys.INIT_LOCK, CardInitializer.LOCK_TTL);
      if (lock.isEmpty()) {
        log.info(
            "queue rebuild asked by {} refused: the queues are being initialized, rebuilt or"
                + " reconciled",
            requestedBy);
        started.complete(Optional.empty());
        return;
      }
    } catch (RuntimeException e) {
      started.completeExceptionally(e);
      return;
    }
    HeldLock held = lock.get();
    try {
      fresh = initializer.startFresh();
    } catch (RuntimeException e) {
      held.close();
      started.completeExceptionally(e);
      return;
    }
    log.warn("queue rebuild from PostgreSQL started by {}: {} cards", requestedBy, fresh.total());
    started.complete(Optional.of(fresh));
    try {
      initializer.run(fresh, held);
    } catch (RuntimeException e) {
      // Progress stays incomplete: the initializer's watcher goes on from the last card read.
      log.error("queue rebuild failed; the initializer goes on from where it stopped", e);
    } finally {
      held.close();
    }
  }

  @Override
  public synchronized void destroy() {
    if (worker != null) {
      worker.interrupt();
    }
  }
}
