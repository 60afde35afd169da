package com.cmp.polling.core.config;

import com.cmp.polling.schemas.task.TaskType;
import java.time.Duration;
import java.util.Optional;

/**
 * A row of {@code tb_polling_config}: which cards it matches and how often each check runs for
 * them.
 *
 * @param condition the card condition it matches, or null for any
 * @param carrierId the carrier it matches, or null for any
 * @param priority lower wins when several configs match
 * @param realnameIntervalSeconds null switches realname checks off for the matched cards (same for
 *     the other intervals)
 */
public record PollingConfig(
    long id,
    String name,
    CardCondition condition,
    Long carrierId,
    int priority,
    Integer realnameIntervalSeconds,
    Integer carddataIntervalSeconds,
    Integer packageIntervalSeconds,
    Integer protectIntervalSeconds,
    boolean enabled) {

  /** How often {@code type} runs for the matched cards; empty when the config turns it off. */
  public Optional<Duration> interval(TaskType type) {
    Integer seconds =
        switch (type) {
          case REALNAME -> realnameIntervalSeconds;
          case CARDDATA -> carddataIntervalSeconds;
          case PACKAGE -> packageIntervalSeconds;
          case PROTECT -> protectIntervalSeconds;
        };
    return Optional.ofNullable(seconds).map(Duration::ofSeconds);
  }
}
