package com.cmp.polling.scheduler.admin;

import com.cmp.polling.scheduler.initializer.QueueRebuild;
import com.cmp.polling.status.initializer.InitProgress;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Instant;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/admin/queues/rebuild}: rebuilds the queues from PostgreSQL in the background
 * (202, progress at {@code GET /api/monitoring/initializer}), or 409 while one is running (or a
 * reconcile pass, which takes the same lock).
 */
@RestController
class QueueRebuildController {

  private final QueueRebuild rebuild;

  QueueRebuildController(QueueRebuild rebuild) {
    this.rebuild = rebuild;
  }

  @PostMapping("/api/admin/queues/rebuild")
  ResponseEntity<?> rebuild(HttpServletRequest request) {
    return rebuild
        .start("the admin API (" + request.getRemoteAddr() + ")")
        .<ResponseEntity<?>>map(
            progress -> ResponseEntity.status(HttpStatus.ACCEPTED).body(Started.of(progress)))
        .orElseGet(
            () ->
                ResponseEntity.status(HttpStatus.CONFLICT)
                    .body(
                        ErrorBody.of(
                            HttpStatus.CONFLICT,
                            "the queues are being initialized, rebuilt or reconciled already;"
                                + " see GET /api/monitoring/initializer and"
                                + " GET /api/monitoring/reconciler")));
  }

  /**
   * @param total cards to read
   * @param startedAt when the rebuild began
   * @param progress where its progress is
   */
  record Started(long total, Instant startedAt, String progress) {
    static Started of(InitProgress progress) {
      return new Started(progress.total(), progress.startedAt(), "/api/monitoring/initializer");
    }
  }
}
