package com.cmp.polling.stopresume;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.switches.Exemption;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.rules.RuleVerdict;
import com.cmp.polling.stopresume.rules.StopRules;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * What the rules want for one card right now, with the reason to log.
 *
 * @param reason the reason to stop for (the highest priority one), or the one a resume lifts; null
 *     when nothing is to be done with an online card
 * @param reasons for a stop, every reason that holds for the card, {@code reason} first; for a
 *     resume, the reason lifted; otherwise the reasons that still hold (possibly none)
 * @param exempted reasons that hold but that the rule switches set aside (empty when the rules were
 *     not asked: a card stopped for a reason they never lift)
 */
record Decision(
    Kind kind,
    StopReason reason,
    List<StopReason> reasons,
    String explanation,
    List<Exemption> exempted) {

  enum Kind {
    NONE,
    STOP,
    RESUME
  }

  Decision {
    reasons = List.copyOf(reasons);
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
              List.of(),
              "online and no stop reason holds" + exemptions(verdict),
              verdict.exempted())
          : new Decision(
              Kind.STOP,
              reasons.get(0),
              reasons,
              codes(reasons) + exemptions(verdict),
              verdict.exempted());
    }
    if (!card.isStoppedForPollingReason()) {
      return new Decision(
          Kind.NONE,
          null,
          List.of(),
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
            List.of(stoppedFor),
            stoppedFor.code() + " no longer holds" + exemptions(verdict),
            verdict.exempted())
        : new Decision(
            Kind.NONE,
            stoppedFor,
            reasons,
            "still " + codes(reasons) + exemptions(verdict),
            verdict.exempted());
  }

  /**
   * Whether this decision may act on other cards of the card's device than the card itself: a stop
   * for a reason of the device's packages, a resume of a card in a device.
   */
  boolean reachesDevice(Card card) {
    return switch (kind) {
      case NONE -> false;
      case STOP -> card.inDevice() && StopRules.isDeviceWide(reason);
      case RESUME -> card.inDevice();
    };
  }

  /**
   * {@link #targets(List, Predicate, Function)} among the card alone, or the cards of its device
   * when the decision reaches it.
   *
   * @param deviceCards the live cards of a device, asked only when the decision reaches the device
   */
  List<Card> targets(
      Card card,
      LongFunction<List<Card>> deviceCards,
      Predicate<Card> isProtected,
      Function<Card, RuleVerdict> verdicts) {
    List<Card> candidates =
        reachesDevice(card) ? deviceCards.apply(card.deviceId()) : List.of(card);
    return targets(candidates, isProtected, verdicts);
  }

  /**
   * The cards this decision acts on, among {@code candidates} (the card alone, or the live cards of
   * its device when {@link #reachesDevice}): for a stop, the online ones; for a resume, those
   * stopped for a polling reason for which no reason holds any more. Cards under a protection
   * period are left out. The caller decides, the same way, whether the card acts at all.
   *
   * @param isProtected whether an operator's protection period runs for a card
   * @param verdicts what the rules say of another card of the device
   */
  List<Card> targets(
      List<Card> candidates, Predicate<Card> isProtected, Function<Card, RuleVerdict> verdicts) {
    return switch (kind) {
      case NONE -> List.of();
      case STOP ->
          candidates.stream()
              .filter(target -> target.isOnline() && !isProtected.test(target))
              .toList();
      case RESUME ->
          candidates.stream()
              .filter(
                  target ->
                      target.isStoppedForPollingReason()
                          && !isProtected.test(target)
                          && verdicts.apply(target).holding().isEmpty())
              .toList();
    };
  }

  /**
   * The reasons a stop records for one of its targets: the deciding card's own, or, for another
   * card of the device, the device's package reasons (the same for every card) followed by what
   * holds for that card alone ({@code not_realname} of an unverified neighbour, not of a verified
   * one). For a resume, the reason the target was stopped for.
   *
   * @param verdicts what the rules say of another card of the device
   */
  List<StopReason> reasonsAt(Card target, Card deciding, Function<Card, RuleVerdict> verdicts) {
    if (kind == Kind.RESUME) {
      return List.of(StopReason.fromCode(target.stopReason()));
    }
    if (target.id() == deciding.id()) {
      return reasons;
    }
    List<StopReason> own = new ArrayList<>(reasons.size());
    reasons.stream().filter(StopRules::isDeviceWide).forEach(own::add);
    verdicts.apply(target).holding().stream()
        .filter(r -> !StopRules.isDeviceWide(r))
        .forEach(own::add);
    return own;
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
