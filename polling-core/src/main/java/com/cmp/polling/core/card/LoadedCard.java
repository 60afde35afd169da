package com.cmp.polling.core.card;

import java.time.Instant;

/**
 * A card as the check handlers load it for a poll (from PostgreSQL, with its device's flag): enough
 * to address it at the carrier and to know whether it is polled at all.
 *
 * @param devicePollingAllowed the device's flag when the card sits in one (true otherwise)
 * @param loadedAt when it was read from PostgreSQL
 */
public record LoadedCard(
    long id,
    String iccid,
    long carrierId,
    Long deviceId,
    boolean pollingEnabled,
    boolean devicePollingAllowed,
    Instant loadedAt) {

  /** Polling allowed by the card and by its device. */
  public boolean isPolled() {
    return pollingEnabled && devicePollingAllowed;
  }
}
