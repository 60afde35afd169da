package com.cmp.polling.scheduler.admin;

import com.cmp.polling.stopresume.OperatorActions;
import com.cmp.polling.stopresume.action.ActionResult;
import java.time.Duration;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/admin/cards/{cardId}/stop} and {@code /resume}: an operator's stop or resume at
 * the carrier (stop reason {@code manual}), with an optional protection period during which the
 * rules leave the card alone.
 */
@RestController
class OperatorController {

  private final OperatorActions actions;

  OperatorController(OperatorActions actions) {
    this.actions = actions;
  }

  @PostMapping("/api/admin/cards/{cardId}/stop")
  ActionDone stop(
      @PathVariable long cardId, @RequestBody(required = false) ProtectionRequest body) {
    Duration protectFor = ProtectionRequest.period(body);
    return ActionDone.of(actions.stopManually(cardId, protectFor), protectFor);
  }

  @PostMapping("/api/admin/cards/{cardId}/resume")
  ActionDone resume(
      @PathVariable long cardId, @RequestBody(required = false) ProtectionRequest body) {
    Duration protectFor = ProtectionRequest.period(body);
    return ActionDone.of(actions.resumeManually(cardId, protectFor), protectFor);
  }

  /**
   * The optional request body.
   *
   * @param protectForSeconds length of the protection period; absent or 0 for none
   */
  record ProtectionRequest(Long protectForSeconds) {

    static Duration period(ProtectionRequest body) {
      if (body == null || body.protectForSeconds() == null) {
        return Duration.ZERO;
      }
      if (body.protectForSeconds() < 0) {
        throw new IllegalArgumentException(
            "protectForSeconds must be 0 or more, was " + body.protectForSeconds());
      }
      return Duration.ofSeconds(body.protectForSeconds());
    }
  }

  /**
   * The answer: what the carrier did.
   *
   * @param action {@code stop} or {@code resume}
   * @param attempts gateway calls it took
   * @param protectedForSeconds the protection period now running (0 for none)
   */
  record ActionDone(
      long cardId,
      Long deviceId,
      String action,
      String reason,
      String trigger,
      boolean success,
      int attempts,
      long protectedForSeconds) {

    static ActionDone of(ActionResult result, Duration protectFor) {
      return new ActionDone(
          result.cardId(),
          result.deviceId(),
          result.action().code(),
          result.reason().code(),
          result.trigger().code(),
          result.success(),
          result.attempts(),
          protectFor.toSeconds());
    }
  }
}
