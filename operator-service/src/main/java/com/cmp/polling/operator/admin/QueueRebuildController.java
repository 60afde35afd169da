package com.cmp.polling.operator.admin;

import com.cmp.polling.operator.config.OperatorProperties;
import com.cmp.polling.operator.web.ErrorBody;
import com.cmp.polling.status.request.RequestAnswer;
import com.cmp.polling.status.request.RequestAnswer.Outcome;
import com.cmp.polling.status.request.RequestKind;
import com.cmp.polling.status.request.SchedulerRequests;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Instant;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/admin/queues/rebuild}: a scheduler instance rebuilds the queues from PostgreSQL
 * in its background (202, progress at {@code GET /api/monitoring/initializer}), or 409 while one is
 * running (or a reconcile pass, which takes the same lock); 503 when no scheduler instance takes
 * the request.
 */
@RestController
class QueueRebuildController {

  private final SchedulerRequests schedulers;
  private final OperatorProperties.Requests timeouts;

  QueueRebuildController(SchedulerRequests schedulers, OperatorProperties properties) {
    this.schedulers = schedulers;
    this.timeouts = properties.requests();
  }

  @PostMapping("/api/admin/queues/rebuild")
  ResponseEntity<?> rebuild(HttpServletRequest request) {
    RequestAnswer answer =
        schedulers.ask(
            RequestKind.REBUILD,
            "the admin API (" + request.getRemoteAddr() + ")",
            timeouts.takeTimeout(),
            timeouts.startTimeout());
    if (answer.outcome() == Outcome.STARTED) {
      return ResponseEntity.status(HttpStatus.ACCEPTED)
          .body(
              new Started(
                  answer.cards(),
                  answer.startedAt(),
                  "/api/monitoring/initializer",
                  answer.instance()));
    }
    HttpStatus status =
        answer.outcome() == Outcome.REFUSED ? HttpStatus.CONFLICT : HttpStatus.SERVICE_UNAVAILABLE;
    return ResponseEntity.status(status)
        .body(
            ErrorBody.of(
                status,
                answer.outcome() == Outcome.REFUSED
                    ? "the queues are being initialized, rebuilt or reconciled already;"
                        + " see GET /api/monitoring/initializer and GET /api/monitoring/reconciler"
                    : "the rebuild did not start: " + answer.note()));
  }

  /**
   * @param total cards to read
   * @param startedAt when the rebuild began
   * @param progress where its progress is
   * @param scheduler the scheduler instance that runs it ({@code pid@host})
   */
  record Started(long total, Instant startedAt, String progress, String scheduler) {}
}
