package com.cmp.polling.operator.admin;

import com.cmp.polling.operator.config.OperatorProperties;
import com.cmp.polling.operator.web.ErrorBody;
import com.cmp.polling.status.reconcile.PassResult;
import com.cmp.polling.status.reconcile.PassScope;
import com.cmp.polling.status.reconcile.ReconcileStatusStore;
import com.cmp.polling.status.reconcile.RepairKind;
import com.cmp.polling.status.reconcile.SkipReason;
import com.cmp.polling.status.request.RequestAnswer;
import com.cmp.polling.status.request.RequestAnswer.Outcome;
import com.cmp.polling.status.request.RequestKind;
import com.cmp.polling.status.request.SchedulerRequests;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/admin/queues/reconcile}: a scheduler instance runs a reconcile pass now, in its
 * background (202; its counts at {@code GET /api/monitoring/reconciler}), or 409 while the queues
 * are being initialized, rebuilt or reconciled; 503 when the pass failed to start or no scheduler
 * instance takes the request. {@code GET /api/monitoring/reconciler}: the pass under way or the
 * last one, whichever instance ran it.
 */
@RestController
class QueueReconcileController {

  static final String STATUS = "/api/monitoring/reconciler";

  private final SchedulerRequests schedulers;
  private final ReconcileStatusStore status;
  private final OperatorProperties.Requests timeouts;

  QueueReconcileController(
      SchedulerRequests schedulers, ReconcileStatusStore status, OperatorProperties properties) {
    this.schedulers = schedulers;
    this.status = status;
    this.timeouts = properties.requests();
  }

  @PostMapping("/api/admin/queues/reconcile")
  ResponseEntity<?> reconcile(HttpServletRequest request) {
    RequestAnswer answer =
        schedulers.ask(
            RequestKind.RECONCILE,
            "the admin API (" + request.getRemoteAddr() + ")",
            timeouts.takeTimeout(),
            timeouts.startTimeout());
    if (answer.outcome() == Outcome.REFUSED) {
      return ResponseEntity.status(HttpStatus.CONFLICT)
          .body(ErrorBody.of(HttpStatus.CONFLICT, answer.note() + "; see GET " + STATUS));
    }
    if (answer.outcome() == Outcome.FAILED) {
      return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
          .body(ErrorBody.of(HttpStatus.SERVICE_UNAVAILABLE, "the pass failed: " + answer.note()));
    }
    return ResponseEntity.status(HttpStatus.ACCEPTED)
        .body(new Started(answer.trigger(), answer.startedAt(), STATUS, answer.instance()));
  }

  @GetMapping(STATUS)
  PassView status() {
    return status.read().map(PassView::of).orElse(PassView.NONE);
  }

  /**
   * @param trigger who asked for the pass
   * @param startedAt when it began
   * @param status where its counts are
   * @param scheduler the scheduler instance that runs it ({@code pid@host})
   */
  record Started(String trigger, Instant startedAt, String status, String scheduler) {}

  /**
   * A pass as the API shows it: {@code state} running, completed, stopped, failed (or none before
   * the first pass), counts by kind and reason under the metrics' names, and its {@code scope}:
   * incremental or full (and why), cards compared because they changed, where the change marker and
   * the sweep stand.
   */
  record PassView(
      String state,
      String trigger,
      Instant startedAt,
      Instant finishedAt,
      Long tookMillis,
      String note,
      long cardsRead,
      long entriesScanned,
      long cardsLookedAt,
      Map<String, Long> repairs,
      Map<String, Long> skipped,
      long settleSeconds,
      long postgresMillis,
      long redisMillis,
      long planningMillis,
      long restedMillis,
      Map<String, Object> scope) {

    static final PassView NONE =
        new PassView(
            "none", null, null, null, null, null, 0, 0, 0, Map.of(), Map.of(), 0, 0, 0, 0, 0,
            Map.of());

    static PassView of(PassResult pass) {
      Map<String, Long> repairs = new LinkedHashMap<>();
      for (RepairKind kind : RepairKind.values()) {
        repairs.put(kind.code(), pass.repaired(kind));
      }
      Map<String, Long> skipped = new LinkedHashMap<>();
      for (SkipReason reason : SkipReason.values()) {
        skipped.put(reason.code(), pass.skipped(reason));
      }
      return new PassView(
          pass.outcome().code(),
          pass.trigger(),
          pass.startedAt(),
          pass.finishedAt(),
          pass.finishedAt() == null ? null : pass.took().toMillis(),
          pass.note(),
          pass.cardsRead(),
          pass.entriesScanned(),
          pass.cardsLookedAt(),
          repairs,
          skipped,
          pass.settle().toSeconds(),
          pass.postgres().toMillis(),
          pass.redis().toMillis(),
          pass.planning().toMillis(),
          pass.rested().toMillis(),
          scope(pass.scope()));
    }

    private static Map<String, Object> scope(PassScope scope) {
      Map<String, Object> view = new LinkedHashMap<>();
      view.put("kind", scope.kind().code());
      view.put("why", scope.why());
      view.put("changedCards", scope.changedCards());
      view.put("marker", scope.marker());
      view.put("markerLag", scope.markerLag());
      view.put("markerAt", scope.markerAt());
      view.put("sweepPosition", scope.sweepPosition());
      view.put("sweepEnd", scope.sweepEnd());
      view.put("sweepDone", scope.sweepDone());
      view.put("sweepStartedAt", scope.sweepStartedAt());
      return view;
    }
  }
}
