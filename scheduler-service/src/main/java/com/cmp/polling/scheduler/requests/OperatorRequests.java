package com.cmp.polling.scheduler.requests;

import com.cmp.polling.core.concurrent.DaemonThreads;
import com.cmp.polling.scheduler.initializer.QueueRebuild;
import com.cmp.polling.scheduler.reconcile.Reconciler;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.reconcile.PassResult;
import com.cmp.polling.status.request.RequestAnswer;
import com.cmp.polling.status.request.RequestAnswer.Outcome;
import com.cmp.polling.status.request.SchedulerRequest;
import com.cmp.polling.status.request.SchedulerRequests;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Carries out the rebuilds and reconcile passes operators ask for through the operator app: every
 * {@value #POLL_MILLIS} ms this instance takes the oldest request waiting in Redis (each request
 * goes to one instance), starts the work in its background as the admin API did before it moved out
 * — {@link QueueRebuild} or {@link Reconciler}, both under {@code polling:init:lock}, so a request
 * that finds another instance at work is refused — and answers with what became of it. Runs whether
 * or not this instance schedules, initializes or reconciles by itself.
 */
@Component
class OperatorRequests implements SmartLifecycle {

  static final long POLL_MILLIS = 500;

  private static final Logger log = LoggerFactory.getLogger(OperatorRequests.class);
  private static final String INSTANCE = ManagementFactory.getRuntimeMXBean().getName();

  private final SchedulerRequests requests;
  private final QueueRebuild rebuild;
  private final Reconciler reconciler;
  private ScheduledExecutorService poller;

  OperatorRequests(SchedulerRequests requests, QueueRebuild rebuild, Reconciler reconciler) {
    this.requests = requests;
    this.rebuild = rebuild;
    this.reconciler = reconciler;
  }

  /** Takes and carries out the next request, if one waits; also what tests call. */
  void takeNext() {
    Optional<SchedulerRequest> request = requests.next();
    if (request.isEmpty()) {
      return;
    }
    RequestAnswer answer;
    try {
      answer = carryOut(request.get());
    } catch (RuntimeException e) {
      log.error(
          "{} request of {} failed to start",
          request.get().kind().code(),
          request.get().requestedBy(),
          e);
      answer = new RequestAnswer(Outcome.FAILED, INSTANCE, null, null, null, e.getMessage());
    }
    requests.answer(request.get(), answer);
  }

  private RequestAnswer carryOut(SchedulerRequest request) {
    return switch (request.kind()) {
      case REBUILD -> rebuilt(rebuild.start(request.requestedBy()));
      case RECONCILE -> reconciled(reconciler.startPass(request.requestedBy()));
    };
  }

  private static RequestAnswer rebuilt(Optional<InitProgress> started) {
    return started
        .map(
            progress ->
                new RequestAnswer(
                    Outcome.STARTED, INSTANCE, progress.startedAt(), progress.total(), null, null))
        .orElseGet(
            () ->
                new RequestAnswer(
                    Outcome.REFUSED,
                    INSTANCE,
                    null,
                    null,
                    null,
                    "the queues are being initialized, rebuilt or reconciled already"));
  }

  private static RequestAnswer reconciled(PassResult pass) {
    Outcome outcome =
        switch (pass.outcome()) {
          case REFUSED -> Outcome.REFUSED;
          case FAILED -> Outcome.FAILED;
          default -> Outcome.STARTED;
        };
    return new RequestAnswer(
        outcome, INSTANCE, pass.startedAt(), null, pass.trigger(), pass.note());
  }

  private void takeQuietly() {
    try {
      takeNext();
    } catch (RuntimeException e) {
      // Redis away: the operator's request waits in the list (or times out at its asker).
      log.warn("operator requests not read this time: {}", e.getMessage());
    }
  }

  @Override
  public synchronized void start() {
    if (poller != null) {
      return;
    }
    poller = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("operator-requests"));
    poller.scheduleWithFixedDelay(
        this::takeQuietly, POLL_MILLIS, POLL_MILLIS, TimeUnit.MILLISECONDS);
  }

  /** Lets a request being carried out get its answer out, briefly; takes no new one. */
  @Override
  public synchronized void stop() {
    if (poller != null) {
      poller.shutdown();
      try {
        poller.awaitTermination(Duration.ofSeconds(5).toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      poller = null;
    }
  }

  @Override
  public synchronized boolean isRunning() {
    return poller != null;
  }
}
