package com.cmp.polling.operator.action;

import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.action.ActionResult;
import java.time.Duration;
import java.util.List;

/**
 * The answer to an operator's stop or resume, from the API and the console alike: what the carrier
 * did.
 *
 * @param action {@code stop} or {@code resume}
 * @param reasons every reason recorded with the action in tb_stop_resume_log, {@code reason} first
 *     (an operator's action: {@code manual} alone)
 * @param attempts gateway calls it took
 * @param protectedForSeconds the protection period now running (0 for none)
 * @param protectionRecorded false when the action was carried out but Redis failed to take the
 *     protection period asked for (or to end the previous one); {@code warning} says which
 * @param warning null, or what was not recorded and what it means for the card
 * @param message what was done, in words, for a person
 */
public record ActionDone(
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
    String warning,
    String message) {

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
        null,
        done(result, protectFor));
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
        warning,
        done(result, Duration.ZERO));
  }

  private static String done(ActionResult result, Duration protectFor) {
    return "card "
        + result.cardId()
        + " "
        + (result.action().code().equals("stop") ? "stopped" : "resumed")
        + " at the carrier after "
        + result.attempts()
        + " attempt(s)"
        + (protectFor.isZero() ? "" : ", protected for " + protectFor.toSeconds() + " s");
  }

  private static List<String> codes(ActionResult result) {
    return result.reasons().stream().map(StopReason::code).toList();
  }
}
