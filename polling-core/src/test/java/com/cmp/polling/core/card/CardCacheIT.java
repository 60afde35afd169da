package com.cmp.polling.core.card;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class CardCacheIT {

  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private final CardCache cache = new CardCache(redis.template(), Duration.ofMinutes(10));

  @BeforeEach
  void emptyRedis() {
    redis.flush();
  }

  @Test
  void putThenGet_givesTheSameCard_andTheEntryExpiresAfterItsTtl() {
    var inDevice = new CachedCard(1000, "89860000000000001000", 2, 10L, true, false, Instant.now());
    var alone = new CachedCard(1001, "89860000000000001001", 3, null, false, true, Instant.now());

    cache.put(inDevice);
    cache.put(alone);

    assertThat(cache.get(1000)).contains(inDevice);
    assertThat(cache.get(1001)).contains(alone);
    assertThat(redis.template().getExpire("polling:card:1000", TimeUnit.SECONDS))
        .isBetween(590L, 600L);
    assertThat(redis.template().getExpire("polling:card:1001", TimeUnit.SECONDS))
        .isBetween(590L, 600L);
  }

  @Test
  void putAllThenGetAll_inOnePipelineEach_givesTheCachedCards_andLeavesMissesOut() {
    var first = new CachedCard(2000, "89860000000000002000", 1, 20L, true, true, Instant.now());
    var second = new CachedCard(2001, "89860000000000002001", 2, null, true, true, Instant.now());
    // Not a card entry (no iccid): read as a miss, as get does.
    redis.template().opsForHash().put("polling:card:2003", "carrier_id", "1");

    cache.putAll(List.of(first, second));

    assertThat(cache.getAll(List.of(2000L, 2002L, 2001L, 2003L)))
        .containsOnly(entry(2000L, first), entry(2001L, second));
    assertThat(redis.template().getExpire("polling:card:2001", TimeUnit.SECONDS))
        .isBetween(590L, 600L);
  }

  @Test
  void evictedOrNeverCachedCard_isAMiss() {
    cache.put(new CachedCard(7, "89860000000000000007", 1, null, true, true, Instant.now()));

    cache.evict(7);

    assertThat(cache.get(7)).isEmpty();
    assertThat(cache.get(8)).isEmpty();
  }
}
