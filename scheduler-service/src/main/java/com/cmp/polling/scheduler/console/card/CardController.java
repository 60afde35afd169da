package com.cmp.polling.scheduler.console.card;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.scheduler.admin.DecimalId;
import com.cmp.polling.scheduler.admin.ManualTriggers;
import com.cmp.polling.scheduler.console.ConsoleNotFoundException;
import com.cmp.polling.stopresume.OperatorActions;
import com.cmp.polling.stopresume.action.ActionResult;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The card page's calls: search by id or ICCID, the card's details, and the operator's actions on
 * it — a check now (through the manual triggers), stop and resume (through {@link OperatorActions},
 * with an optional protection period).
 */
@RestController
class CardController {

  /** The longest protection period the console sets. */
  static final Duration MAX_PROTECTION = Duration.ofDays(30);

  private static final Logger log = LoggerFactory.getLogger(CardController.class);

  private final CardStore cards;
  private final CardDetails details;
  private final ManualTriggers triggers;
  private final OperatorActions actions;

  CardController(
      CardStore cards, CardDetails details, ManualTriggers triggers, OperatorActions actions) {
    this.cards = cards;
    this.details = details;
    this.triggers = triggers;
    this.actions = actions;
  }

  /** {@code ?q=}: an ICCID first (they are digits too), then a card id. */
  @GetMapping("/console/api/cards")
  Found search(@RequestParam(name = "q", required = false) String query) {
    String q = query == null ? "" : query.strip();
    if (q.isEmpty()) {
      throw new IllegalArgumentException("q is missing: give a card id or an ICCID");
    }
    if (q.length() > 64) {
      throw new IllegalArgumentException("q is too long for a card id or an ICCID");
    }
    Optional<Card> card = cards.findByIccid(q);
    if (card.isEmpty() && q.chars().allMatch(Character::isDigit) && q.length() <= 18) {
      card = cards.findById(Long.parseLong(q));
    }
    return card.map(c -> new Found(c.id(), c.iccid()))
        .orElseThrow(
            () -> new ConsoleNotFoundException("no live card has the id or ICCID '" + q + "'"));
  }

  @GetMapping("/console/api/cards/{cardId}")
  CardView card(@PathVariable String cardId) {
    return details.of(DecimalId.parse("card id", cardId));
  }

  @PostMapping("/console/api/cards/{cardId}/checks/{taskType}")
  Triggered checkNow(@PathVariable String cardId, @PathVariable String taskType) {
    long id = DecimalId.parse("card id", cardId);
    boolean enrolledNow = triggers.trigger(id, taskType);
    log.info("console: {} check of card {} asked for", taskType, id);
    return new Triggered(
        id,
        taskType,
        enrolledNow,
        "the "
            + taskType
            + " check of card "
            + id
            + " runs at the scheduler's next round"
            + (enrolledNow ? " (the card was put in its queues first)" : ""));
  }

  @PostMapping("/console/api/cards/{cardId}/stop")
  Acted stop(@PathVariable String cardId, @RequestBody(required = false) Protection body) {
    long id = DecimalId.parse("card id", cardId);
    Duration protectFor = Protection.period(body);
    return Acted.of(actions.stopManually(id, protectFor), protectFor);
  }

  @PostMapping("/console/api/cards/{cardId}/resume")
  Acted resume(@PathVariable String cardId, @RequestBody(required = false) Protection body) {
    long id = DecimalId.parse("card id", cardId);
    Duration protectFor = Protection.period(body);
    return Acted.of(actions.resumeManually(id, protectFor), protectFor);
  }

  record Found(long cardId, String iccid) {}

  record Triggered(long cardId, String taskType, boolean enrolledNow, String message) {}

  /**
   * @param protectForSeconds how long the rules must leave the card as the operator set it; absent
   *     or 0 for no period
   */
  record Protection(Long protectForSeconds) {

    static Duration period(Protection body) {
      if (body == null || body.protectForSeconds() == null) {
        return Duration.ZERO;
      }
      long seconds = body.protectForSeconds();
      if (seconds < 0 || seconds > MAX_PROTECTION.toSeconds()) {
        throw new IllegalArgumentException(
            "protectForSeconds must be between 0 and "
                + MAX_PROTECTION.toSeconds()
                + ", was "
                + seconds);
      }
      return Duration.ofSeconds(seconds);
    }
  }

  record Acted(
      long cardId,
      Long deviceId,
      String action,
      boolean success,
      int attempts,
      long protectedForSeconds,
      String message) {

    static Acted of(ActionResult result, Duration protectFor) {
      String done = result.action().code().equals("stop") ? "stopped" : "resumed";
      return new Acted(
          result.cardId(),
          result.deviceId(),
          result.action().code(),
          result.success(),
          result.attempts(),
          protectFor.toSeconds(),
          "card "
              + result.cardId()
              + " "
              + done
              + " at the carrier after "
              + result.attempts()
              + " attempt(s)"
              + (protectFor.isZero() ? "" : ", protected for " + protectFor.toSeconds() + " s"));
    }
  }
}
