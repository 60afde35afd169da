package com.cmp.polling.core.card;

import java.time.Instant;

/**
 * A card as the check handlers load it for a poll (from PostgreSQL, with its device's flag): enough
 * to address it at the carrier and for the planner to tell whether it is still polled ({@code
 * CardPlanner.pollingAllowed}).
 *
 * @param devicePollingAllowed whether its device lets it be polled, as {@code
 *     CardPlanner.allowedByTheirDevice} reads it: true outside any device, false in a deleted one
 * @param loadedAt when it was read from PostgreSQL
 */
public record LoadedCard(
    long id,
    String iccid,
    long carrierId,
    Long deviceId,
    boolean pollingEnabled,
    boolean devicePollingAllowed,
    Instant loadedAt) {}
