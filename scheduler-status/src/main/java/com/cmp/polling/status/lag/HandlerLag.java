package com.cmp.polling.status.lag;

import java.time.Duration;

/**
 * How far a task type's handlers are behind, as a count and as time.
 *
 * @param known false when Kafka did not answer (publishing will tell; nothing is held back)
 * @param tasks tasks published and not yet consumed
 * @param oldestAge how long the oldest of them has waited in Kafka; zero when none waits
 */
public record HandlerLag(boolean known, long tasks, Duration oldestAge) {

  /** Kafka did not answer. */
  public static final HandlerLag UNKNOWN = new HandlerLag(false, 0, Duration.ZERO);
}
