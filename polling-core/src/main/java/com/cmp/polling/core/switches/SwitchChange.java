package com.cmp.polling.core.switches;

import java.time.Instant;

/**
 * One row of {@code tb_rule_switch_audit}: a change of a switch, who made it and when.
 *
 * @param carrierId the carrier whose switch changed, or null for the global default
 * @param actor who made it, as they named themselves
 * @param before the setting before; null when the carrier had no switch of its own
 * @param after the setting after; null when the carrier's switch was removed (it follows the
 *     default again)
 */
public record SwitchChange(
    long id,
    Long carrierId,
    String actor,
    Instant changedAt,
    SwitchSetting before,
    SwitchSetting after) {}
