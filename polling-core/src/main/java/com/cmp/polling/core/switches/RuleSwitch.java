package com.cmp.polling.core.switches;

import com.cmp.polling.schemas.action.StopReason;
import java.time.Instant;
import java.util.Optional;

/**
 * One row of {@code tb_rule_switch}: how the {@code not_realname} rule applies to one carrier's
 * cards, or to every carrier without a row of its own (the default).
 *
 * @param carrierId the carrier, or null for the global default
 * @param enforceNotRealname whether unverified {@code normal} cards are stopped at all
 * @param notRealnameGraceUntil before this instant they are not stopped even when enforced; null:
 *     no grace
 * @param updatedBy who last changed it, as they named themselves
 * @param updatedAt when it was last changed
 */
public record RuleSwitch(
    Long carrierId,
    boolean enforceNotRealname,
    Instant notRealnameGraceUntil,
    String updatedBy,
    Instant updatedAt) {

  public boolean isDefault() {
    return carrierId == null;
  }

  /**
   * Why this switch keeps {@code reason} from stopping a card of {@code carrierId} at {@code now};
   * empty when the reason is enforced (reasons other than {@code not_realname} always are).
   */
  public Optional<Exemption> exemption(StopReason reason, long carrierId, Instant now) {
    if (reason != StopReason.NOT_REALNAME) {
      return Optional.empty();
    }
    if (!enforceNotRealname) {
      return Optional.of(
          new Exemption(reason, carrierId, Exemption.Kind.NOT_ENFORCED, null, isDefault()));
    }
    if (notRealnameGraceUntil != null && now.isBefore(notRealnameGraceUntil)) {
      return Optional.of(
          new Exemption(
              reason, carrierId, Exemption.Kind.GRACE, notRealnameGraceUntil, isDefault()));
    }
    return Optional.empty();
  }
}
