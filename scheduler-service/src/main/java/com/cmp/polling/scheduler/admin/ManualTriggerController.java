package com.cmp.polling.scheduler.admin;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/admin/cards/{cardId}/checks/{taskType}}: a manual check, run at next tick. The
 * id is checked here and the task type by {@link ManualTriggers} before anything is read or queued.
 */
@RestController
class ManualTriggerController {

  private final ManualTriggers triggers;

  ManualTriggerController(ManualTriggers triggers) {
    this.triggers = triggers;
  }

  @PostMapping("/api/admin/cards/{cardId}/checks/{taskType}")
  @ResponseStatus(HttpStatus.ACCEPTED)
  TriggerAccepted trigger(@PathVariable String cardId, @PathVariable String taskType) {
    long id = DecimalId.parse("cardId", cardId);
    boolean enrolledNow = triggers.trigger(id, taskType);
    return new TriggerAccepted(id, taskType, enrolledNow);
  }

  /**
   * @param enrolledNow whether the card was put in its shard queues by this request (lazy load)
   */
  record TriggerAccepted(long cardId, String taskType, boolean enrolledNow) {}
}
