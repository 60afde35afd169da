package com.cmp.polling.scheduler.admin;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** {@code POST /api/admin/cards/{cardId}/checks/{taskType}}: a manual check, run at next tick. */
@RestController
class ManualTriggerController {

  private final ManualTriggers triggers;

  ManualTriggerController(ManualTriggers triggers) {
    this.triggers = triggers;
  }

  @PostMapping("/api/admin/cards/{cardId}/checks/{taskType}")
  @ResponseStatus(HttpStatus.ACCEPTED)
  TriggerAccepted trigger(@PathVariable long cardId, @PathVariable String taskType) {
    triggers.trigger(cardId, taskType);
    return new TriggerAccepted(cardId, taskType, null);
  }

  /**
   * @param enrolledNow whether the card was put in its shard queues by this request (lazy load);
   *     omitted while the queue manager cannot tell
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record TriggerAccepted(long cardId, String taskType, Boolean enrolledNow) {}
}
