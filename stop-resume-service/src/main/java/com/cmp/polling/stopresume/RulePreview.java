package com.cmp.polling.stopresume;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.switches.Exemption;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.rules.RuleVerdict;
import com.cmp.polling.stopresume.rules.StopRules;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.Predicate;

/**
 * What {@link StopResumeService#evaluateAndAct} would do, without doing it: for one card (the admin
 * API's evaluation of a card) and for the cards of one device or one card alone (a dry run of the
 * rules over the fleet). Both go through the service's own {@link Decision}, targets included, so a
 * preview cannot drift from what the service does.
 */
public final class RulePreview {

  /** What happens to a card when the pipeline next evaluates it (or a card of its device). */
  public enum Action {
    /** Stopped: a reason counts for it, or for its device's packages. */
    STOP,
    /** Resumed: stopped for a polling reason that no longer holds. */
    RESUME,
    /** Left online only because a rule switch sets a reason aside. */
    EXEMPT
  }

  /**
   * @param reason the reason of the stop, the reason lifted by the resume, or the reason set aside
   * @param reasons for a stop, every reason that would be recorded for the card ({@code reason}
   *     first: a card whose only package is used up has {@code no_package, traffic_exhausted}); for
   *     a resume, the reason lifted; for an exemption, every reason set aside
   */
  public record Fate(Card card, Action action, StopReason reason, List<StopReason> reasons) {

    public Fate {
      reasons = List.copyOf(reasons);
    }
  }

  private final CardStore cards;
  private final StopRules rules;
  private final ProtectionPeriods protection;

  public RulePreview(CardStore cards, StopRules rules, ProtectionPeriods protection) {
    this.cards = cards;
    this.rules = rules;
    this.protection = protection;
  }

  /**
   * The rules' view of the card now, with the switches in force.
   *
   * @throws CardNotFoundException when the card does not exist
   */
  public CardOutlook outlook(long cardId) {
    Card card = StopResumeService.load(cards, cardId);
    RuleVerdict verdict = rules.verdict(card);
    boolean protectedCard = protection.isProtected(cardId);
    Decision decision = Decision.of(card, c -> verdict);
    if (protectedCard) {
      return outlook(
          card, verdict, true, CardOutlook.Action.NONE, List.of(), protectionText(), List.of());
    }
    List<Long> affected =
        decision
            .targets(card, cards::findByDevice, c -> protection.isProtected(c.id()), rules::verdict)
            .stream()
            .map(Card::id)
            .toList();
    CardOutlook.Action action =
        switch (decision.kind()) {
          case NONE -> CardOutlook.Action.NONE;
          case STOP -> CardOutlook.Action.STOP;
          case RESUME -> CardOutlook.Action.RESUME;
        };
    List<StopReason> recorded =
        decision.isNone() ? List.of() : decision.reasonsAt(card, card, c -> verdict);
    return outlook(card, verdict, false, action, recorded, decision.explanation(), affected);
  }

  /**
   * The fates of the cards of one device (or of one card outside any device) when the pipeline
   * evaluates its polled cards one after the other, as {@code evaluateAndAct} would: a deciding
   * card's stop for its device's packages stops every online card of the device, a resume resumes
   * every card of the device that qualifies, polled or not. The order of the evaluations does not
   * change the outcome: a stop concerns online cards, a resume stopped ones, and a package reason
   * holds for every card of a device or for none.
   *
   * @param unit the live cards of one device, or one card outside any device
   * @param polled whether the pipeline evaluates a card (card and device polling, a matching
   *     config)
   * @param protectedIds cards under an operator's protection period: never evaluated, never acted
   *     on
   * @param verdicts what the rules say of a card, under switches and a clock fixed by the caller
   * @return one fate per card something happens to; cards left as they are have none
   */
  public static List<Fate> fatesOf(
      List<Card> unit,
      Predicate<Card> polled,
      Set<Long> protectedIds,
      Function<Card, RuleVerdict> verdicts) {
    Map<Long, Fate> fates = new LinkedHashMap<>();
    LongFunction<List<Card>> deviceCards = deviceId -> unit;
    Predicate<Card> isProtected = card -> protectedIds.contains(card.id());
    for (Card card : unit) {
      if (!polled.test(card) || isProtected.test(card)) {
        continue;
      }
      Decision decision = Decision.of(card, verdicts);
      switch (decision.kind()) {
        case STOP ->
            decision
                .targets(card, deviceCards, isProtected, verdicts)
                .forEach(
                    t ->
                        fates.putIfAbsent(
                            t.id(),
                            new Fate(
                                t,
                                Action.STOP,
                                decision.reason(),
                                decision.reasonsAt(t, card, verdicts))));
        case RESUME ->
            decision
                .targets(card, deviceCards, isProtected, verdicts)
                .forEach(
                    t -> {
                      StopReason lifted = StopReason.fromCode(t.stopReason());
                      fates.putIfAbsent(
                          t.id(), new Fate(t, Action.RESUME, lifted, List.of(lifted)));
                    });
        case NONE -> {
          if (card.isOnline() && !decision.exempted().isEmpty()) {
            List<StopReason> setAside =
                decision.exempted().stream().map(Exemption::reason).toList();
            fates.putIfAbsent(card.id(), new Fate(card, Action.EXEMPT, setAside.get(0), setAside));
          }
        }
      }
    }
    return List.copyOf(fates.values());
  }

  private static CardOutlook outlook(
      Card card,
      RuleVerdict verdict,
      boolean protectedCard,
      CardOutlook.Action action,
      List<StopReason> recorded,
      String explanation,
      List<Long> affected) {
    return new CardOutlook(
        card.id(),
        card.carrierId(),
        card.deviceId(),
        protectedCard,
        verdict.holding(),
        verdict.exempted(),
        action,
        recorded.isEmpty() ? null : recorded.get(0),
        recorded,
        explanation,
        affected);
  }

  private static String protectionText() {
    return "left alone: an operator's protection period is running";
  }
}
