package com.cmp.polling.core.switches;

import com.cmp.polling.schemas.action.StopReason;
import java.time.Instant;

/**
 * A stop reason that holds for a card but does not count, because a rule switch says so.
 *
 * @param reason the reason set aside ({@code not_realname})
 * @param carrierId the card's carrier
 * @param kind the switch is off, or its grace period runs
 * @param graceUntil the end of the grace period ({@link Kind#GRACE} only)
 * @param byDefault the carrier has no switch of its own: the global default applies
 */
public record Exemption(
    StopReason reason, long carrierId, Kind kind, Instant graceUntil, boolean byDefault) {

  /** Why the reason does not count. */
  public enum Kind {
    /** The rule is switched off. */
    NOT_ENFORCED,
    /** The rule is on, but its grace date has not come. */
    GRACE
  }

  /** "not enforced for carrier 3", "grace until 2027-01-01T00:00:00Z for carrier 3 (default)". */
  public String describe() {
    String what =
        kind == Kind.NOT_ENFORCED
            ? "not enforced for carrier " + carrierId
            : "grace until " + graceUntil + " for carrier " + carrierId;
    return byDefault ? what + " (default switch)" : what;
  }
}
