package com.cmp.polling.core.card;

import java.time.Instant;

/**
 * What the check handlers keep of a card in Redis ({@code polling:card:{id}}): enough to address it
 * at the carrier and to know whether it is polled at all.
 *
 * @param devicePollingAllowed the device's flag when the card sits in one (true otherwise)
 * @param cachedAt when the entry was read from PostgreSQL
 */
public record CachedCard(
    long id,
    String iccid,
    long carrierId,
    Long deviceId,
    boolean pollingEnabled,
    boolean devicePollingAllowed,
    Instant cachedAt) {

  /** Polling allowed by the card and by its device. */
  public boolean isPolled() {
    return pollingEnabled && devicePollingAllowed;
  }
}
