package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.card.CachedCard;
import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A poll's cards read together give what reading them one by one gives, as the table has them. */
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
  void loadAll_readsEachCardAndItsDevice_andMapsMissingOrDeletedCardsToEmpty() {
    long alone = postgres.data().card().iccid("89860000000000077001").insert();
    long disabledDevice = postgres.data().device().pollingDisabled().insert();
    long ofDisabledDevice = postgres.data().card().device(disabledDevice).insert();
    long enabledDevice = postgres.data().device().insert();
    long ofEnabledDevice = postgres.data().card().device(enabledDevice).insert();
    long deletedDevice = postgres.data().device().insert();
    long ofDeletedDevice = postgres.data().card().device(deletedDevice).insert();
    postgres.data().softDeleteDevice(deletedDevice);
    long deleted = postgres.data().card().insert();
    postgres.data().softDeleteCard(deleted);
    long neverExisted = 987_654_321L;
    CardLoader loader = app.bean(CardLoader.class);

    Map<Long, Optional<CachedCard>> loaded =
        loader.loadAll(
            List.of(
                alone, ofDisabledDevice, ofEnabledDevice, ofDeletedDevice, deleted, neverExisted));

    assertThat(loaded).hasSize(6);
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
    assertThat(loaded.get(ofDeletedDevice))
        .hasValueSatisfying(card -> assertThat(card.isPolled()).isFalse());
    assertThat(loaded.get(deleted)).isEmpty();
    assertThat(loaded.get(neverExisted)).isEmpty();
    for (long card : List.of(alone, ofDisabledDevice, ofEnabledDevice, ofDeletedDevice)) {
      assertThat(loader.load(card).orElseThrow())
          .usingRecursiveComparison()
          .ignoringFields("cachedAt")
          .isEqualTo(loaded.get(card).orElseThrow());
    }
  }

  @Test
  void aCardChangedInTheTable_isSeenByTheVeryNextRead_iccidAndPollingFlagIncluded() {
    long card = postgres.data().card().iccid("89860000000000077002").insert();
    CardLoader loader = app.bean(CardLoader.class);
    assertThat(loader.load(card).orElseThrow().iccid()).isEqualTo("89860000000000077002");

    postgres
        .jdbc()
        .sql(
            "UPDATE tb_iot_card SET iccid = '89860000000000077003', enable_polling = false"
                + " WHERE id = ?")
        .param(card)
        .update();

    CachedCard read = loader.load(card).orElseThrow();
    assertThat(read.iccid()).isEqualTo("89860000000000077003");
    assertThat(read.isPolled()).isFalse();
  }
}
