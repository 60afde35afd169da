package com.cmp.polling.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.device.DeviceStore;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The counts per config (the flags and the grouping in SQL, the match in Java) agree with what the
 * planner's own reads give, card by card ({@code findAfterForEnrollment}, the device flags, {@link
 * ConfigSnapshot#match}), on a fleet mixing every condition, carriers with and without a config of
 * their own, a disabled config, cards and devices with polling off, deleted cards and devices.
 */
class GovernedCardsIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private final PollingConfigManager manager =
      new PollingConfigManager(
          new PollingConfigStore(postgres.jdbc()), redis.template(), SettableClock.atNow());
  private final GovernedCards governed = new GovernedCards(postgres.jdbc());
  private final CardStore cards = new CardStore(postgres.jdbc());
  private final DeviceStore devices = new DeviceStore(postgres.jdbc());

  @BeforeEach
  void onlyTestConfigs() {
    postgres.truncateBusinessTables();
    postgres.jdbc().sql("DELETE FROM tb_polling_config").update();
    redis.flush();
  }

  @Test
  void sqlMatch_agreesWithTheMatcher_cardByCard_andCountsSumIt() {
    var data = postgres.data();
    data.config("carrier-2-unverified")
        .condition("not_real_name")
        .carrier(2L)
        .priority(10)
        .intervals(60, null, null, null)
        .insert();
    data.config("unverified")
        .condition("not_real_name")
        .priority(20)
        .intervals(300, 3600, 3600, 60)
        .insert();
    data.config("suspended")
        .condition("suspended")
        .priority(20)
        .intervals(1800, 3600, 3600, 60)
        .insert();
    data.config("carrier-3-any").carrier(3L).priority(30).intervals(600, 600, 600, 60).insert();
    data.config("carrier-1-activated-off")
        .condition("activated")
        .carrier(1L)
        .priority(5)
        .intervals(10, 10, 10, 10)
        .disabled()
        .insert();
    long device = data.device().insert();
    long deviceOff = data.device().pollingDisabled().insert();
    long deviceDeleted = data.device().pollingDisabled().insert();
    data.softDeleteDevice(deviceDeleted);
    for (int carrier = 1; carrier <= 4; carrier++) {
      data.card().carrier(carrier, "C" + carrier).insert(); // activated
      data.card().carrier(carrier, "C" + carrier).unverified().insert(); // not_real_name
      data.card().carrier(carrier, "C" + carrier).stopped("no_package").insert(); // suspended
      data.card().carrier(carrier, "C" + carrier).unverified().stopped(null).insert();
      data.card().carrier(carrier, "C" + carrier).device(device).unverified().insert();
      data.card().carrier(carrier, "C" + carrier).device(deviceOff).insert(); // device off
      data.card().carrier(carrier, "C" + carrier).device(deviceDeleted).unverified().insert();
      data.card().carrier(carrier, "C" + carrier).pollingDisabled().insert(); // card off
      data.softDeleteCard(data.card().carrier(carrier, "C" + carrier).unverified().insert());
    }
    manager.refreshNow();

    Map<Long, Long> bySql = new HashMap<>();
    List<GovernedCards.CardConfig> each = governed.configOfEachCard();
    each.forEach(c -> bySql.put(c.cardId(), c.configId()));
    Map<Long, Long> byMatcher = new HashMap<>();
    Map<Long, Long> expectedCounts = new HashMap<>();
    long expectedUnmatched = 0;
    long expectedOff = 0;
    for (Card card : cards.findAfterForEnrollment(0, 1000)) {
      boolean deviceAllows =
          !card.inDevice()
              || devices.findPollingAllowed(Set.of(card.deviceId())).contains(card.deviceId());
      if (!card.pollingEnabled() || !deviceAllows) {
        expectedOff++;
        continue;
      }
      Long config = manager.snapshot().match(card).map(PollingConfig::id).orElse(null);
      byMatcher.put(card.id(), config);
      if (config == null) {
        expectedUnmatched++;
      } else {
        expectedCounts.merge(config, 1L, Long::sum);
      }
    }

    assertThat(each).hasSize(byMatcher.size());
    assertThat(bySql).isEqualTo(byMatcher);
    assertThat(byMatcher.values()).contains((Long) null); // carrier 1 and 4 activated: no config
    assertThat(expectedCounts).hasSize(4); // every enabled config governs some card
    GovernedCards.Counts counts = governed.count();
    assertThat(counts.cardsByConfig()).isEqualTo(expectedCounts);
    assertThat(counts.unmatched()).isEqualTo(expectedUnmatched);
    // Cards of the device that is off, of the deleted device, and cards off themselves.
    assertThat(counts.pollingDisabled()).isEqualTo(expectedOff).isEqualTo(12);
  }
}
