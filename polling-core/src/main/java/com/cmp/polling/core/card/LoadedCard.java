package com.cmp.polling.core.card;

import java.time.Instant;

/**
 * A card as the check handlers load it for a poll: the whole row, read once for every card of the
 * poll (from PostgreSQL, with its device's flag), so that no check reads it again. Whether it is
 * still polled is for the planner to tell ({@code CardPlanner.pollingAllowed}).
 *
 * @param card the row as the poll read it (without its month usage counters, as every read of many
 *     cards)
 * @param devicePollingAllowed whether its device lets it be polled, as {@code
 *     CardPlanner.allowedByTheirDevice} reads it: true outside any device, false in a deleted one
 * @param loadedAt when it was read from PostgreSQL
 */
public record LoadedCard(Card card, boolean devicePollingAllowed, Instant loadedAt) {

  public long id() {
    return card.id();
  }

  public String iccid() {
    return card.iccid();
  }

  public long carrierId() {
    return card.carrierId();
  }

  public Long deviceId() {
    return card.deviceId();
  }

  public boolean pollingEnabled() {
    return card.pollingEnabled();
  }
}
