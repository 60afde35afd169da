package com.cmp.polling.stopresume;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.switches.Exemption;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.rules.RuleVerdict;
import com.cmp.polling.stopresume.rules.StopRules;
import java.util.List;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * What the rules want for one card right now, with the reason to log.
 *
 * @param exempted reasons that hold but that the rule switches set aside (empty when the rules were
 *     not asked: a card stopped for a reason they never lift)
 */
record Decision(Kind kind, StopReason reason, String explanation, List<Exemption> exempted) {

  enum Kind {
    NONE,
    STOP,
    RESUME
  }

  Decision {
    exempted = List.copyOf(exempted);
  }

  static Decision of(Card card, StopRules rules) {
    return of(card, rules::verdict);
  }

  /**
   * @param verdicts what the rules say of a card, asked only when it matters (an online card, or
   *     one stopped for a polling reason)
   */
  static Decision of(Card card, Function<Card, RuleVerdict> verdicts) {
    if (card.isOnline()) {
      RuleVerdict verdict = verdicts.apply(card);
      List<StopReason> reasons = verdict.holding();
      return reasons.isEmpty()
          ? new Decision(
              Kind.NONE,
              null,
              "online and no stop reason holds" + exemptions(verdict),
              verdict.exempted())
          : new Decision(
              Kind.STOP, reasons.get(0), codes(reasons) + exemptions(verdict), verdict.exempted());
    }
    if (!card.isStoppedForPollingReason()) {
      return new Decision(
          Kind.NONE,
          null,
          "stopped for " + card.stopReason() + ", never resumed automatically",
          List.of());
    }
    RuleVerdict verdict = verdicts.apply(card);
    List<StopReason> reasons = verdict.holding();
    StopReason stoppedFor = StopReason.fromCode(card.stopReason());
    return reasons.isEmpty()
        ? new Decision(
            Kind.RESUME,
            stoppedFor,
            stoppedFor.code() + " no longer holds" + exemptions(verdict),
            verdict.exempted())
        : new Decision(
            Kind.NONE,
            stoppedFor,
            "still " + codes(reasons) + exemptions(verdict),
            verdict.exempted());
  }

  /**
   * The cards this decision acts on: for a stop, the card, or every online card of its device when
   * the reason is the device's packages; for a resume, every card of the card's device (or the card
   * alone) stopped for a polling reason for which no reason holds any more. Cards under a
   * protection period are left out. The caller decides, the same way, whether the card acts at all.
   *
   * @param deviceCards the live cards of a device, asked only when the decision reaches the device
   * @param isProtected whether an operator's protection period runs for a card
   * @param verdicts what the rules say of another card of the device
   */
  List<Card> targets(
      Card card,
      LongFunction<List<Card>> deviceCards,
      Predicate<Card> isProtected,
      Function<Card, RuleVerdict> verdicts) {
    return switch (kind) {
      case NONE -> List.of();
      case STOP -> {
        boolean wholeDevice = card.inDevice() && StopRules.isDeviceWide(reason);
        yield (wholeDevice ? deviceCards.apply(card.deviceId()) : List.of(card))
            .stream().filter(target -> target.isOnline() && !isProtected.test(target)).toList();
      }
      case RESUME ->
          (card.inDevice() ? deviceCards.apply(card.deviceId()) : List.of(card))
              .stream()
                  .filter(
                      target ->
                          target.isStoppedForPollingReason()
                              && !isProtected.test(target)
                              && verdicts.apply(target).holding().isEmpty())
                  .toList();
    };
  }

  boolean isNone() {
    return kind == Kind.NONE;
  }

  boolean isStop() {
    return kind == Kind.STOP;
  }

  String verb() {
    return kind == Kind.STOP ? "stop" : "resume";
  }

  private static String codes(List<StopReason> reasons) {
    return reasons.stream().map(StopReason::code).collect(Collectors.joining(", "));
  }

  /** " (not_realname set aside: not enforced for carrier 3)", or nothing. */
  private static String exemptions(RuleVerdict verdict) {
    if (verdict.exempted().isEmpty()) {
      return "";
    }
    return verdict.exempted().stream()
        .map(e -> e.reason().code() + " set aside: " + e.describe())
        .collect(Collectors.joining("; ", " (", ")"));
  }
}
