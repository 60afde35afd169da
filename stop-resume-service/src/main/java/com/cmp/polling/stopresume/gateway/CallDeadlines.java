package com.cmp.polling.stopresume.gateway;

import com.cmp.polling.core.concurrent.DaemonThreads;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hc.core5.concurrent.Cancellable;

/**
 * A deadline for each gateway call as a whole: connect and read timeouts bound one wait each, so a
 * gateway that trickles its answer a byte at a time could hold a check worker for as long as it
 * likes. When the deadline passes first, the call's request is cancelled, which closes its
 * connection and makes the blocked read fail at once. One timer thread serves every call.
 */
final class CallDeadlines implements AutoCloseable {

  private final Duration limit;
  private final ScheduledThreadPoolExecutor timer;

  CallDeadlines(Duration limit) {
    if (limit.isNegative() || limit.isZero()) {
      throw new IllegalArgumentException("a gateway call's deadline must be positive: " + limit);
    }
    this.limit = limit;
    this.timer = new ScheduledThreadPoolExecutor(1, DaemonThreads.named("gateway-call-deadlines"));
    // Nearly every call ends in time: its cancelled timer must not stay queued until it is due.
    timer.setRemoveOnCancelPolicy(true);
  }

  Duration limit() {
    return limit;
  }

  /** Starts the clock of one call, which {@code request} aborts when it runs out. */
  Deadline start(Cancellable request) {
    Deadline deadline = new Deadline(request);
    deadline.timeout = timer.schedule(deadline::expire, limit.toNanos(), TimeUnit.NANOSECONDS);
    return deadline;
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }

  /** One call's deadline: it either ends (answered or failed) or expires, never both. */
  static final class Deadline {

    private static final int RUNNING = 0;
    private static final int ENDED = 1;
    private static final int EXPIRED = 2;

    private final Cancellable request;
    private final AtomicInteger state = new AtomicInteger(RUNNING);
    private volatile ScheduledFuture<?> timeout;

    private Deadline(Cancellable request) {
      this.request = request;
    }

    /**
     * The call is over: a deadline passing later does nothing. Called once the answer is read,
     * before its connection goes back to the pool, so a late cancel never touches a connection
     * another call may take.
     */
    void end() {
      state.compareAndSet(RUNNING, ENDED);
      ScheduledFuture<?> pending = timeout;
      if (pending != null) {
        pending.cancel(false);
      }
    }

    /** Whether the deadline passed before the call ended (and so aborted it). */
    boolean expired() {
      return state.get() == EXPIRED;
    }

    private void expire() {
      if (state.compareAndSet(RUNNING, EXPIRED)) {
        request.cancel();
      }
    }
  }
}
