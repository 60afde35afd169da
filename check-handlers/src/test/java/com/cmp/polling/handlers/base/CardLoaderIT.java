package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.card.CachedCard;
import com.cmp.polling.core.card.CardCache;
import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A poll's cards read together give what reading them one by one gives. */
class CardLoaderIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.empty();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static HandlersTestApp app;

  @BeforeAll
  static void start() {
    app = HandlersTestApp.start(postgres, redis, kafka, Map.of());
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void loadAll_takesHitsFromTheCache_readsMissesFromTheDatabase_andCachesThem() {
    long cached = postgres.data().card().insert();
    long alone = postgres.data().card().iccid("89860000000000077001").insert();
    long disabledDevice = postgres.data().device().pollingDisabled().insert();
    long ofDisabledDevice = postgres.data().card().device(disabledDevice).insert();
    long enabledDevice = postgres.data().device().insert();
    long ofEnabledDevice = postgres.data().card().device(enabledDevice).insert();
    long deleted = postgres.data().card().insert();
    postgres.data().softDeleteCard(deleted);
    long neverExisted = 987_654_321L;
    // A cache entry that differs from the row: proves a hit is served from the cache.
    CachedCard fromCache =
        new CachedCard(cached, "cached-iccid", 9, null, true, true, Instant.now());
    app.bean(CardCache.class).put(fromCache);
    CardLoader loader = app.bean(CardLoader.class);

    Map<Long, Optional<CachedCard>> loaded =
        loader.loadAll(
            List.of(cached, alone, ofDisabledDevice, ofEnabledDevice, deleted, neverExisted));

    assertThat(loaded).hasSize(6);
    assertThat(loaded.get(cached)).contains(fromCache);
    assertThat(loaded.get(alone))
        .hasValueSatisfying(
            card -> {
              assertThat(card.iccid()).isEqualTo("89860000000000077001");
              assertThat(card.isPolled()).isTrue();
            });
    assertThat(loaded.get(ofDisabledDevice))
        .hasValueSatisfying(card -> assertThat(card.isPolled()).isFalse());
    assertThat(loaded.get(ofEnabledDevice))
        .hasValueSatisfying(card -> assertThat(card.isPolled()).isTrue());
    assertThat(loaded.get(deleted)).isEmpty();
    assertThat(loaded.get(neverExisted)).isEmpty();
    // Each card read from the database is now cached, as load would have left it.
    for (long card : List.of(alone, ofDisabledDevice, ofEnabledDevice)) {
      assertThat(app.bean(CardCache.class).get(card)).isEqualTo(loaded.get(card));
      assertThat(loader.load(card)).isEqualTo(loaded.get(card));
    }
  }
}
