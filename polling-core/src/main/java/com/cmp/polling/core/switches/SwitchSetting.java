package com.cmp.polling.core.switches;

/**
 * What an operator sets on a switch: whether {@code not_realname} is enforced, and until when its
 * grace period runs.
 *
 * @param notRealnameGraceUntil null: no grace period
 */
public record SwitchSetting(boolean enforceNotRealname, java.time.Instant notRealnameGraceUntil) {}
