package com.cmp.polling.core.card;

import com.cmp.polling.core.redis.RedisKeys;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The card cache {@code polling:card:{id}} (HASH, TTL): read before a check so that most checks do
 * not need PostgreSQL to know a card; deleted with the card ({@code
 * PollingQueueManager.onCardDeleted}), otherwise refreshed when its TTL ends, which bounds how
 * stale a polling flag can be.
 */
public class CardCache {

  private final StringRedisTemplate redis;
  private final Duration ttl;

  public CardCache(StringRedisTemplate redis, Duration ttl) {
    this.redis = redis;
    this.ttl = ttl;
  }

  public Optional<CachedCard> get(long cardId) {
    return parse(cardId, redis.opsForHash().entries(RedisKeys.cardCache(cardId)));
  }

  /** The cached cards among {@code cardIds}, read in one pipeline; misses are left out. */
  public Map<Long, CachedCard> getAll(List<Long> cardIds) {
    List<Object> replies =
        redis.executePipelined(
            (RedisCallback<Object>)
                connection -> {
                  for (long cardId : cardIds) {
                    connection.hashCommands().hGetAll(bytes(RedisKeys.cardCache(cardId)));
                  }
                  return null;
                });
    Map<Long, CachedCard> found = new HashMap<>();
    for (int i = 0; i < cardIds.size(); i++) {
      if (replies.get(i) instanceof Map<?, ?> fields) {
        long cardId = cardIds.get(i);
        parse(cardId, fields).ifPresent(card -> found.put(cardId, card));
      }
    }
    return found;
  }

  private static Optional<CachedCard> parse(long cardId, Map<?, ?> fields) {
    if (fields.isEmpty() || !fields.containsKey("iccid")) {
      return Optional.empty();
    }
    String device = (String) fields.get("device_id");
    return Optional.of(
        new CachedCard(
            cardId,
            (String) fields.get("iccid"),
            Long.parseLong((String) fields.get("carrier_id")),
            device == null || device.isEmpty() ? null : Long.valueOf(device),
            Boolean.parseBoolean((String) fields.get("enable_polling")),
            Boolean.parseBoolean((String) fields.get("device_polling_allowed")),
            Instant.parse((String) fields.get("cached_at"))));
  }

  /** HSET and its TTL in one pipeline: one round trip per card cached, on every cache miss. */
  public void put(CachedCard card) {
    putAll(List.of(card));
  }

  /** {@link #put} for many cards in one pipeline. */
  public void putAll(Collection<CachedCard> cards) {
    if (cards.isEmpty()) {
      return;
    }
    redis.executePipelined(
        (RedisCallback<Object>)
            connection -> {
              for (CachedCard card : cards) {
                byte[] key = bytes(RedisKeys.cardCache(card.id()));
                connection.hashCommands().hMSet(key, fields(card));
                connection.keyCommands().pExpire(key, ttl.toMillis());
              }
              return null;
            });
  }

  private static Map<byte[], byte[]> fields(CachedCard card) {
    Map<byte[], byte[]> fields = new HashMap<>();
    fields.put(bytes("iccid"), bytes(card.iccid()));
    fields.put(bytes("carrier_id"), bytes(Long.toString(card.carrierId())));
    fields.put(
        bytes("device_id"), bytes(card.deviceId() == null ? "" : card.deviceId().toString()));
    fields.put(bytes("enable_polling"), bytes(Boolean.toString(card.pollingEnabled())));
    fields.put(
        bytes("device_polling_allowed"), bytes(Boolean.toString(card.devicePollingAllowed())));
    fields.put(bytes("cached_at"), bytes(card.cachedAt().toString()));
    return fields;
  }

  private static byte[] bytes(String value) {
    return value.getBytes(StandardCharsets.UTF_8);
  }

  public void evict(long cardId) {
    redis.delete(RedisKeys.cardCache(cardId));
  }
}
