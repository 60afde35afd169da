package com.cmp.polling.core.card;

import com.cmp.polling.core.redis.RedisKeys;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
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
    Map<Object, Object> fields = redis.opsForHash().entries(RedisKeys.cardCache(cardId));
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

  public void put(CachedCard card) {
    Map<String, String> fields = new HashMap<>();
    fields.put("iccid", card.iccid());
    fields.put("carrier_id", Long.toString(card.carrierId()));
    fields.put("device_id", card.deviceId() == null ? "" : card.deviceId().toString());
    fields.put("enable_polling", Boolean.toString(card.pollingEnabled()));
    fields.put("device_polling_allowed", Boolean.toString(card.devicePollingAllowed()));
    fields.put("cached_at", card.cachedAt().toString());
    String key = RedisKeys.cardCache(card.id());
    redis.opsForHash().putAll(key, fields);
    redis.expire(key, ttl);
  }

  public void evict(long cardId) {
    redis.delete(RedisKeys.cardCache(cardId));
  }
}
