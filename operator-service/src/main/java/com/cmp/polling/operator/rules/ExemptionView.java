package com.cmp.polling.operator.rules;

import com.cmp.polling.core.switches.Exemption;
import java.time.Instant;
import java.util.Locale;

/**
 * A stop reason that holds for a card but that a rule switch sets aside now, as the card evaluation
 * endpoint and the console's card page both show it.
 *
 * @param reason the reason set aside ({@code not_realname})
 * @param switchScope {@code carrier} (the carrier's own switch) or {@code default}
 * @param kind {@code not_enforced} (the rule is off) or {@code grace} (on, from {@code graceUntil})
 * @param graceUntil when the grace period ends; null for {@code not_enforced}
 * @param text as the evaluation's log line says it
 */
public record ExemptionView(
    String reason, String switchScope, String kind, Instant graceUntil, String text) {

  public static ExemptionView of(Exemption exemption) {
    return new ExemptionView(
        exemption.reason().code(),
        exemption.byDefault() ? "default" : "carrier",
        exemption.kind().name().toLowerCase(Locale.ROOT),
        exemption.graceUntil(),
        exemption.describe());
  }
}
