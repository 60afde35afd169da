package com.cmp.polling.scheduler.admin;

import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.OperatorActions;
import com.cmp.polling.stopresume.ProtectionNotRecordedException;
import com.cmp.polling.stopresume.action.ActionResult;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /api/admin/cards/{cardId}/stop} and {@code /resume}: an operator's stop or resume at
 * the carrier (stop reason {@code manual}), with an optional protection period during which the
 * rules leave the card alone. The id and the body are checked before anything is done; once the
 * carrier has acted, the answer is 200 whatever happens next (see {@link ActionDone}).
 */
@RestController
class OperatorController {

  private static final Logger log = LoggerFactory.getLogger(OperatorController.class);

  private final OperatorActions actions;

  OperatorController(OperatorActions actions) {
    this.actions = actions;
  }

  @PostMapping("/api/admin/cards/{cardId}/stop")
  ActionDone stop(@PathVariable String cardId, @RequestBody(required = false) JsonNode body) {
    long id = DecimalId.parse("cardId", cardId);
    Duration protectFor = ProtectionRequest.from(body).period();
    return carryOut(protectFor, period -> actions.stopManually(id, period));
  }

  @PostMapping("/api/admin/cards/{cardId}/resume")
  ActionDone resume(@PathVariable String cardId, @RequestBody(required = false) JsonNode body) {
    long id = DecimalId.parse("cardId", cardId);
    Duration protectFor = ProtectionRequest.from(body).period();
    return carryOut(protectFor, period -> actions.resumeManually(id, period));
  }

  private static ActionDone carryOut(Duration protectFor, Function<Duration, ActionResult> action) {
    try {
      return ActionDone.of(action.apply(protectFor), protectFor);
    } catch (ProtectionNotRecordedException e) {
      // Done at the carrier: answering with an error would invite a second, needless call.
      log.error("{}; answered 200 with protectionRecorded=false", e.getMessage(), e);
      return ActionDone.withoutProtection(e.result(), e.getMessage());
    }
  }

  /**
   * The optional request body: {@code {"protectForSeconds": 3600}}. No body, a JSON {@code null},
   * {@code {}} or a {@code null} field mean no protection period.
   *
   * @param protectForSeconds length of the protection period; 0 for none
   */
  record ProtectionRequest(long protectForSeconds) {

    static final String FIELD = "protectForSeconds";

    /**
     * @throws IllegalArgumentException for other fields, or a value that is not a whole number of
     *     seconds from 0 to {@link OperatorActions#MAX_PROTECTION}
     */
    static ProtectionRequest from(JsonNode body) {
      JsonNode value = JsonBodies.field(JsonBodies.object(body, List.of(FIELD)), FIELD);
      if (value == null) {
        return new ProtectionRequest(0);
      }
      long max = OperatorActions.MAX_PROTECTION.toSeconds();
      if (!value.isIntegralNumber()
          || !value.canConvertToLong()
          || value.longValue() < 0
          || value.longValue() > max) {
        throw new IllegalArgumentException(
            FIELD
                + " must be a whole number of seconds from 0 to "
                + max
                + " ("
                + OperatorActions.MAX_PROTECTION.toDays()
                + " days), was "
                + JsonBodies.shown(value));
      }
      return new ProtectionRequest(value.longValue());
    }

    Duration period() {
      return Duration.ofSeconds(protectForSeconds);
    }
  }

  /**
   * The answer: what the carrier did.
   *
   * @param action {@code stop} or {@code resume}
   * @param reasons every reason recorded with the action in tb_stop_resume_log, {@code reason}
   *     first (an operator's action: {@code manual} alone)
   * @param attempts gateway calls it took
   * @param protectedForSeconds the protection period now running (0 for none)
   * @param protectionRecorded false when the action was carried out but Redis failed to take the
   *     protection period asked for (or to end the previous one); {@code warning} says which
   * @param warning null, or what was not recorded and what it means for the card
   */
  record ActionDone(
      long cardId,
      Long deviceId,
      String action,
      String reason,
      List<String> reasons,
      String trigger,
      boolean success,
      int attempts,
      long protectedForSeconds,
      boolean protectionRecorded,
      String warning) {

    static ActionDone of(ActionResult result, Duration protectFor) {
      return new ActionDone(
          result.cardId(),
          result.deviceId(),
          result.action().code(),
          result.reason().code(),
          codes(result),
          result.trigger().code(),
          result.success(),
          result.attempts(),
          protectFor.toSeconds(),
          true,
          null);
    }

    static ActionDone withoutProtection(ActionResult result, String warning) {
      return new ActionDone(
          result.cardId(),
          result.deviceId(),
          result.action().code(),
          result.reason().code(),
          codes(result),
          result.trigger().code(),
          result.success(),
          result.attempts(),
          0,
          false,
          warning);
    }

    private static List<String> codes(ActionResult result) {
      return result.reasons().stream().map(StopReason::code).toList();
    }
  }
}
