package com.cmp.polling.core.protection;

import com.cmp.polling.core.redis.RedisKeys;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Operators' protection periods: after a manual stop or resume, {@code polling:protect:{cardId}}
 * holds the desired state until its TTL ends. Meanwhile the rules leave the card alone and the
 * protect check restores that state if it drifts. {@code polling:protect:index} lists the protected
 * cards with the end of their period, for callers that look at many cards at once.
 */
public class ProtectionPeriods {

  private static final Logger log = LoggerFactory.getLogger(ProtectionPeriods.class);

  private static final int KEYS_PER_READ = 10_000;

  private final StringRedisTemplate redis;
  private final Clock clock;

  public ProtectionPeriods(StringRedisTemplate redis, Clock clock) {
    this.redis = redis;
    this.clock = clock;
  }

  public void protect(long cardId, DesiredState state, Duration period) {
    if (period.isNegative() || period.isZero()) {
      throw new IllegalArgumentException(
          "protection period of card " + cardId + " must be positive, was " + period);
    }
    long now = clock.instant().getEpochSecond();
    redis.executePipelined(
        (RedisCallback<Object>)
            c -> {
              c.stringCommands()
                  .setEx(
                      bytes(RedisKeys.protection(cardId)), period.toSeconds(), bytes(state.code()));
              c.zSetCommands()
                  .zAdd(
                      bytes(RedisKeys.PROTECTION_INDEX),
                      now + period.toSeconds(),
                      bytes(Long.toString(cardId)));
              // Periods that ended leave the index here: it stays as small as the protected set.
              c.zSetCommands()
                  .zRemRangeByScore(
                      bytes(RedisKeys.PROTECTION_INDEX), Double.NEGATIVE_INFINITY, now);
              return null;
            });
  }

  /** Ends the card's period now (an operator acted again without asking for one). */
  public void end(long cardId) {
    redis.delete(RedisKeys.protection(cardId));
    redis.opsForZSet().remove(RedisKeys.PROTECTION_INDEX, Long.toString(cardId));
  }

  /** The desired state while the period lasts; empty when the card is not protected. */
  public Optional<DesiredState> desiredState(long cardId) {
    String value = redis.opsForValue().get(RedisKeys.protection(cardId));
    return value == null ? Optional.empty() : parse(cardId, value);
  }

  /**
   * The protection of each of the cards whose own key exists now, read as {@link #protectedByKey}
   * reads them (a command per {@value #KEYS_PER_READ} cards): its desired state, or empty for a key
   * whose value is not one (protected all the same, with nothing to enforce). Cards without a
   * period are missing.
   */
  public Map<Long, Optional<DesiredState>> desiredStates(List<Long> cardIds) {
    Map<Long, Optional<DesiredState>> result = new HashMap<>();
    for (int from = 0; from < cardIds.size(); from += KEYS_PER_READ) {
      List<Long> ids = cardIds.subList(from, Math.min(cardIds.size(), from + KEYS_PER_READ));
      List<String> values =
          redis.opsForValue().multiGet(ids.stream().map(RedisKeys::protection).toList());
      for (int i = 0; values != null && i < ids.size(); i++) {
        if (values.get(i) != null) {
          result.put(ids.get(i), parse(ids.get(i), values.get(i)));
        }
      }
    }
    return result;
  }

  private static Optional<DesiredState> parse(long cardId, String value) {
    try {
      return Optional.of(DesiredState.fromCode(value));
    } catch (IllegalArgumentException e) {
      // A hand-written key with a bad value: nothing to enforce, but isProtected() stays true,
      // so the rules still leave the card alone until the key expires.
      log.warn(
          "protection key of card {} holds '{}', not stop/start: nothing enforced", cardId, value);
      return Optional.empty();
    }
  }

  public boolean isProtected(long cardId) {
    return Boolean.TRUE.equals(redis.hasKey(RedisKeys.protection(cardId)));
  }

  /**
   * The cards among {@code cardIds} whose own key exists now: the source of truth, so a key an
   * operator wrote by hand counts and a period ends when its key expires. Read with {@code MGET}, a
   * command per {@value #KEYS_PER_READ} cards: one {@code EXISTS} per card, even pipelined, cost 11
   * s of planning per million cards in the reconcile benchmark (against about 1 s for the index);
   * nothing is sent for no cards.
   */
  public Set<Long> protectedByKey(List<Long> cardIds) {
    Set<Long> result = new HashSet<>();
    for (int from = 0; from < cardIds.size(); from += KEYS_PER_READ) {
      List<Long> ids = cardIds.subList(from, Math.min(cardIds.size(), from + KEYS_PER_READ));
      List<String> values =
          redis.opsForValue().multiGet(ids.stream().map(RedisKeys::protection).toList());
      for (int i = 0; values != null && i < ids.size(); i++) {
        if (values.get(i) != null) {
          result.add(ids.get(i));
        }
      }
    }
    return result;
  }

  /**
   * The cards among {@code cardIds} whose period runs now, from the index: one query however many
   * cards are asked about.
   */
  public Set<Long> protectedAmong(Collection<Long> cardIds) {
    Set<String> protectedNow =
        redis
            .opsForZSet()
            .rangeByScore(
                RedisKeys.PROTECTION_INDEX,
                clock.instant().getEpochSecond() + 1,
                Double.POSITIVE_INFINITY);
    Set<Long> result = new HashSet<>();
    if (protectedNow == null || protectedNow.isEmpty()) {
      return result;
    }
    for (String member : protectedNow) {
      long cardId = Long.parseLong(member);
      if (cardIds.contains(cardId)) {
        result.add(cardId);
      }
    }
    return result;
  }

  /** Time left in the period, or empty when there is none. */
  public Optional<Duration> remaining(long cardId) {
    Long seconds = redis.getExpire(RedisKeys.protection(cardId), TimeUnit.SECONDS);
    return seconds == null || seconds < 0
        ? Optional.empty()
        : Optional.of(Duration.ofSeconds(seconds));
  }

  private static byte[] bytes(String value) {
    return value.getBytes(StandardCharsets.UTF_8);
  }
}
