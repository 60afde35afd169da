package com.cmp.polling.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;

/** Matching (seed 003, decision 15), snapshot swaps, the Redis copy. */
class PollingConfigManagerIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private final SettableClock clock = SettableClock.atNow();
  private final PollingConfigManager manager =
      new PollingConfigManager(new PollingConfigStore(postgres.jdbc()), redis.template(), clock);
  private final CardStore cards = new CardStore(postgres.jdbc());

  @BeforeEach
  void onlyTestConfigs() {
    postgres.truncateBusinessTables();
    postgres.jdbc().sql("DELETE FROM tb_polling_config").update();
    redis.flush();
  }

  @Test
  void carrierSpecificConfigWithPriority10_beatsGeneralConfigWithPriority20() {
    long specific =
        postgres
            .data()
            .config("unverified-carrier-1")
            .condition("not_real_name")
            .carrier(1L)
            .priority(10)
            .intervals(60, null, null, null)
            .insert();
    postgres
        .data()
        .config("unverified")
        .condition("not_real_name")
        .priority(20)
        .intervals(300, 3600, null, null)
        .insert();
    long cardA = postgres.data().card().unverified().carrier(1, "CMCC").insert();
    long cardB = postgres.data().card().unverified().carrier(2, "CUCC").insert();
    manager.refreshNow();

    assertThat(manager.snapshot().match(cards.findById(cardA).orElseThrow()).orElseThrow().id())
        .isEqualTo(specific);
    assertThat(manager.snapshot().match(cards.findById(cardB).orElseThrow()).orElseThrow().name())
        .isEqualTo("unverified");
  }

  @Test
  void cardMatchingNoEnabledConfig_isNotPolled() {
    postgres
        .data()
        .config("activated-only")
        .condition("activated")
        .intervals(60, 60, 60, null)
        .insert();
    postgres.data().config("disabled-any").disabled().intervals(60, 60, 60, null).insert();
    long unverified = postgres.data().card().unverified().insert();
    manager.refreshNow();

    assertThat(manager.snapshot().match(cards.findById(unverified).orElseThrow())).isEmpty();
  }

  @Test
  void stoppedCard_isSuspended_whateverItsRealNameStatus() {
    long suspendedConfig =
        postgres
            .data()
            .config("suspended")
            .condition("suspended")
            .priority(50)
            .intervals(null, 3600, 3600, null)
            .insert();
    postgres
        .data()
        .config("verified")
        .condition("activated")
        .priority(1)
        .intervals(60, 60, 60, null)
        .insert();
    long stoppedVerified = postgres.data().card().verified().stopped("no_package").insert();
    manager.refreshNow();

    var card = cards.findById(stoppedVerified).orElseThrow();
    assertThat(ConfigSnapshot.conditionOf(card)).isEqualTo(CardCondition.SUSPENDED);
    assertThat(manager.snapshot().match(card).orElseThrow().id()).isEqualTo(suspendedConfig);
  }

  @Test
  void refresh_swapsTheSnapshot_reportsWhatChanged_andCopiesItToRedisFor24Hours() {
    long kept = postgres.data().config("kept").intervals(60, null, null, null).insert();
    long changed = postgres.data().config("changed").intervals(60, null, null, null).insert();
    long removed = postgres.data().config("removed").intervals(60, null, null, null).insert();
    manager.refreshNow();
    var before = manager.snapshot();

    postgres
        .jdbc()
        .sql("UPDATE tb_polling_config SET carddata_check_interval = 120 WHERE id = ?")
        .param(changed)
        .update();
    postgres
        .jdbc()
        .sql("UPDATE tb_polling_config SET status = 0 WHERE id = ?")
        .param(removed)
        .update();
    long added = postgres.data().config("added").intervals(60, null, null, null).insert();
    ConfigChanges changes = manager.refreshNow();

    assertThat(changes.added()).containsExactly(added);
    assertThat(changes.changed()).containsExactly(changed);
    assertThat(changes.removed()).containsExactly(removed);
    assertThat(before.configs()).hasSize(3);
    assertThat(manager.snapshot().configs())
        .extracting(PollingConfig::id)
        .containsExactlyInAnyOrder(kept, changed, added);
    assertThat(redis.template().opsForHash().keys("polling:configs"))
        .containsExactlyInAnyOrder(
            Long.toString(kept), Long.toString(changed), Long.toString(added));
    assertThat(
            redis.template().opsForHash().get("polling:configs", Long.toString(changed)).toString())
        .contains("\"carddataIntervalSeconds\":120");
    assertThat(redis.template().getExpire("polling:configs", TimeUnit.HOURS)).isBetween(23L, 24L);
    assertThat(manager.refreshNow().isEmpty()).isTrue();
  }

  @Test
  void databaseFailure_keepsThePreviousSnapshot() {
    postgres.data().config("only").intervals(60, null, null, null).insert();
    manager.refreshNow();
    var broken =
        new PollingConfigManager(
            new PollingConfigStore(
                org.springframework.jdbc.core.simple.JdbcClient.create(
                    new org.springframework.jdbc.datasource.DriverManagerDataSource(
                        "jdbc:postgresql://127.0.0.1:1/none"))),
            redis.template(),
            clock);

    assertThatThrownBy(broken::refreshNow).isInstanceOf(RuntimeException.class);
    assertThat(broken.snapshot().configs()).isEmpty();
    assertThat(manager.snapshot().configs()).hasSize(1);
  }

  @Test
  void periodicRefresh_picksUpChanges_untilClosed() {
    manager.refreshNow();
    manager.startPeriodicRefresh(Duration.ofMillis(100));
    try {
      postgres.data().config("late").intervals(60, null, null, null).insert();

      org.awaitility.Awaitility.await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> manager.snapshot().configs().size() == 1);
    } finally {
      manager.close();
    }
  }

  @Test
  void announcedChange_makesASubscribedManagerReloadAtOnce() throws Exception {
    PollingConfigManager other =
        new PollingConfigManager(new PollingConfigStore(postgres.jdbc()), redis.template(), clock);
    other.refreshNow();
    var container = new RedisMessageListenerContainer();
    container.setConnectionFactory(redis.template().getConnectionFactory());
    container.addMessageListener(
        (message, pattern) -> other.onAnnouncement(), new ChannelTopic(RedisKeys.CONFIGS_CHANGED));
    container.afterPropertiesSet();
    container.start();
    try {
      await().atMost(Duration.ofSeconds(10)).until(container::isListening);
      long id = postgres.data().config("announced").intervals(60, null, null, null).insert();
      manager.refreshNow();

      manager.announceChange();

      await().atMost(Duration.ofSeconds(10)).until(() -> other.snapshot().byId(id).isPresent());
    } finally {
      container.stop();
      container.destroy();
    }
  }

  @Test
  void changeListeners_hearOfRefreshesThatChangeSomething_withBothSnapshots() {
    List<ConfigChanges> heard = new ArrayList<>();
    List<ConfigSnapshot> befores = new ArrayList<>();
    manager.refreshNow();
    manager.addChangeListener(
        (before, after, changes) -> {
          befores.add(before);
          heard.add(changes);
        });
    long id = postgres.data().config("heard").intervals(60, null, null, null).insert();

    manager.refreshNow();
    manager.refreshNow();

    assertThat(heard).hasSize(1);
    assertThat(heard.get(0).added()).containsExactly(id);
    assertThat(befores.get(0).configs()).isEmpty();
  }
}
