package com.cmp.polling.core.protection;

import com.cmp.polling.core.redis.RedisKeys;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
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
 * protect check restores that state if it drifts.
 */
public class ProtectionPeriods {

  private static final Logger log = LoggerFactory.getLogger(ProtectionPeriods.class);

  private final StringRedisTemplate redis;

  public ProtectionPeriods(StringRedisTemplate redis) {
    this.redis = redis;
  }

  public void protect(long cardId, DesiredState state, Duration period) {
    if (period.isNegative() || period.isZero()) {
      throw new IllegalArgumentException(
          "protection period of card " + cardId + " must be positive, was " + period);
    }
    redis.opsForValue().set(RedisKeys.protection(cardId), state.code(), period);
  }

  /** The desired state while the period lasts; empty when the card is not protected. */
  public Optional<DesiredState> desiredState(long cardId) {
    String value = redis.opsForValue().get(RedisKeys.protection(cardId));
    if (value == null) {
      return Optional.empty();
    }
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

  /** The cards among {@code cardIds} that are under a protection period (one pipeline). */
  public Set<Long> protectedAmong(List<Long> cardIds) {
    if (cardIds.isEmpty()) {
      return Set.of();
    }
    List<Object> answers =
        redis.executePipelined(
            (RedisCallback<Object>)
                connection -> {
                  for (long cardId : cardIds) {
                    connection
                        .keyCommands()
                        .exists(RedisKeys.protection(cardId).getBytes(StandardCharsets.UTF_8));
                  }
                  return null;
                });
    Set<Long> result = new HashSet<>();
    for (int i = 0; i < cardIds.size(); i++) {
      if (Boolean.TRUE.equals(answers.get(i))) {
        result.add(cardIds.get(i));
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
}
