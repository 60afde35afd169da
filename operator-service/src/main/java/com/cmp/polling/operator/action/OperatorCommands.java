package com.cmp.polling.operator.action;

import com.cmp.polling.operator.deadletter.DeadLetters;
import com.cmp.polling.operator.web.DecimalId;
import com.cmp.polling.stopresume.OperatorActions;
import com.cmp.polling.stopresume.ProtectionNotRecordedException;
import com.cmp.polling.stopresume.action.ActionResult;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;

/**
 * What an operator can do, from the admin API and the console alike: stop or resume a card (with an
 * optional protection period), check it now, replay or discard dead letters. Both front doors hand
 * over the request as it came (path values and the JSON body); the parsing, the one cap on
 * protection periods and the answer are here, so that the two can never answer differently. Errors
 * are exceptions the one error handler ({@code ApiErrors}) maps to a status and an {@code
 * ErrorBody}; once the carrier has acted, the answer is a success whatever happens next.
 */
@Component
public class OperatorCommands {

  private static final Logger log = LoggerFactory.getLogger(OperatorCommands.class);

  private final OperatorActions actions;
  private final ManualTriggers triggers;
  private final DeadLetters deadLetters;

  OperatorCommands(OperatorActions actions, ManualTriggers triggers, DeadLetters deadLetters) {
    this.actions = actions;
    this.triggers = triggers;
    this.deadLetters = deadLetters;
  }

  /** A stop at the carrier (reason {@code manual}); the body may set a protection period. */
  public ActionDone stop(String cardId, JsonNode body) {
    long id = DecimalId.parse("cardId", cardId);
    Duration protectFor = ProtectionRequest.from(body).period();
    return carryOut(protectFor, period -> actions.stopManually(id, period));
  }

  /** A resume at the carrier; the body may set a protection period. */
  public ActionDone resume(String cardId, JsonNode body) {
    long id = DecimalId.parse("cardId", cardId);
    Duration protectFor = ProtectionRequest.from(body).period();
    return carryOut(protectFor, period -> actions.resumeManually(id, period));
  }

  /** A manual check, run at the scheduler's next round. */
  public CheckRequested checkNow(String cardId, String taskType) {
    long id = DecimalId.parse("cardId", cardId);
    return CheckRequested.of(id, taskType, triggers.trigger(id, taskType));
  }

  /** Sends the chosen records of a dead-letter topic back to the topic they came from. */
  public List<DeadLetters.Outcome> replay(String topic, JsonNode body) {
    return deadLetters.replay(topic, RecordsRequest.ids(body));
  }

  /** Marks the chosen records of a dead-letter topic handled, sending them nowhere. */
  public List<DeadLetters.Outcome> discard(String topic, JsonNode body) {
    return deadLetters.discard(topic, RecordsRequest.ids(body));
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
}
