package com.cmp.polling.stopresume;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.rules.StopRules;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/** What the rules want for one card right now, with the reason to log. */
record Decision(Kind kind, StopReason reason, String explanation) {

  enum Kind {
    NONE,
    STOP,
    RESUME
  }

  static Decision of(Card card, StopRules rules) {
    return of(card, rules::reasonsToStop);
  }

  /**
   * @param reasonsToStop the stop reasons holding for a card, asked only when they matter (an
   *     online card, or one stopped for a polling reason)
   */
  static Decision of(Card card, Function<Card, List<StopReason>> reasonsToStop) {
    if (card.isOnline()) {
      List<StopReason> reasons = reasonsToStop.apply(card);
      return reasons.isEmpty()
          ? new Decision(Kind.NONE, null, "online and no stop reason holds")
          : new Decision(Kind.STOP, reasons.get(0), codes(reasons));
    }
    if (!card.isStoppedForPollingReason()) {
      return new Decision(
          Kind.NONE, null, "stopped for " + card.stopReason() + ", never resumed automatically");
    }
    List<StopReason> reasons = reasonsToStop.apply(card);
    StopReason stoppedFor = StopReason.fromCode(card.stopReason());
    return reasons.isEmpty()
        ? new Decision(Kind.RESUME, stoppedFor, stoppedFor.code() + " no longer holds")
        : new Decision(Kind.NONE, stoppedFor, "still " + codes(reasons));
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
}
