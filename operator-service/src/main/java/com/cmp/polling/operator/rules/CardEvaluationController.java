package com.cmp.polling.operator.rules;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.enrollment.EnrollmentPlan;
import com.cmp.polling.core.enrollment.Timing;
import com.cmp.polling.core.stopresumelog.StopResumeLogEntry;
import com.cmp.polling.core.stopresumelog.StopResumeLogStore;
import com.cmp.polling.operator.web.DecimalId;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.CardNotFoundException;
import com.cmp.polling.stopresume.CardOutlook;
import com.cmp.polling.stopresume.RulePreview;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/admin/cards/{cardId}/evaluation}: what the rules say about a card now — the
 * reasons that count, those a switch sets aside (and which switch), protection — and what {@code
 * evaluateAndAct} would do, found without acting; for a stopped card, every reason that held when
 * it was stopped (tb_stop_resume_log). Whether the pipeline evaluates the card at all is given
 * beside it.
 */
@RestController
class CardEvaluationController {

  private final RulePreview preview;
  private final CardStore cards;
  private final CardPlanner planner;
  private final StopResumeLogStore log;

  CardEvaluationController(
      RulePreview preview, CardStore cards, CardPlanner planner, StopResumeLogStore log) {
    this.preview = preview;
    this.cards = cards;
    this.planner = planner;
    this.log = log;
  }

  @GetMapping("/api/admin/cards/{cardId}/evaluation")
  EvaluationView evaluation(@PathVariable("cardId") String cardIdText) {
    long cardId = DecimalId.parse("cardId", cardIdText);
    Card card = cards.findById(cardId).orElseThrow(() -> new CardNotFoundException(cardId));
    CardOutlook outlook = preview.outlook(cardId);
    EnrollmentPlan plan = planner.plan(card, Timing.NOW);
    return new EvaluationView(
        cardId,
        outlook.carrierId(),
        outlook.deviceId(),
        plan.isPolled(),
        plan.skipReason(),
        outlook.protectedCard(),
        card.isOnline() ? null : StoppedFor.of(card, log.lastStop(cardId)),
        codes(outlook.holding()),
        outlook.exempted().stream().map(ExemptionView::of).toList(),
        new WouldDo(
            outlook.action().name().toLowerCase(Locale.ROOT),
            outlook.reason() == null ? null : outlook.reason().code(),
            codes(outlook.reasons()),
            outlook.explanation(),
            outlook.affectedCardIds()));
  }

  private static List<String> codes(List<StopReason> reasons) {
    return reasons.stream().map(StopReason::code).toList();
  }

  /**
   * @param polled whether the pipeline evaluates the card (card and device polling, a matching
   *     config); evaluateAndAct acts the same when called, but only polled cards are checked
   * @param notPolledBecause why not, or null
   * @param stoppedFor why the card is stopped, as its last confirmed stop recorded it; null when it
   *     is online
   * @param reasonsHolding stop reasons that count, highest priority first
   * @param reasonsExempted stop reasons that hold but that a switch sets aside
   */
  record EvaluationView(
      long cardId,
      long carrierId,
      Long deviceId,
      boolean polled,
      String notPolledBecause,
      @JsonProperty("protected") boolean protectedCard,
      StoppedFor stoppedFor,
      List<String> reasonsHolding,
      List<ExemptionView> reasonsExempted,
      WouldDo wouldDo) {}

  /**
   * @param action {@code none}, {@code stop} or {@code resume}
   * @param reason the reason of the stop, or the one the resume lifts
   * @param reasons what it would record for this card: for a stop every reason that holds, {@code
   *     reason} first; for a resume the reason lifted; empty for none
   * @param cardIds the cards it would act on (several for a device)
   */
  record WouldDo(
      String action, String reason, List<String> reasons, String explanation, List<Long> cardIds) {}

  /**
   * A stopped card's stop.
   *
   * @param reason the card's stop reason ({@code tb_iot_card.stop_reason})
   * @param reasonsAtStop every reason that held when it was stopped, as the log recorded them
   *     ({@code reason} first); null when the log has no confirmed stop with that reason (stopped
   *     by another writer of the platform, or before the log kept all reasons it reads as {@code
   *     reason} alone)
   * @param trigger who stopped it ({@code evaluation}, {@code operator}, {@code protection}), or
   *     null without a log row
   * @param at when the carrier confirmed the stop, or null without a log row
   */
  record StoppedFor(String reason, List<String> reasonsAtStop, String trigger, Instant at) {

    static StoppedFor of(Card card, Optional<StopResumeLogEntry> lastStop) {
      return lastStop
          .filter(stop -> stop.reason().code().equals(card.stopReason()))
          .map(
              stop ->
                  new StoppedFor(
                      card.stopReason(),
                      codes(stop.reasons()),
                      stop.trigger().code(),
                      stop.createdAt()))
          .orElseGet(() -> new StoppedFor(card.stopReason(), null, null, null));
    }
  }
}
