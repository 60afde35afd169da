package com.cmp.polling.core.switches;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.support.TransactionTemplate;

/** How a change of a switch reaches every process: periodic reload and the Redis announcement. */
class RuleSwitchCacheIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private final SettableClock clock = SettableClock.atNow();
  private final RuleSwitchStore store =
      new RuleSwitchStore(
          postgres.jdbc(),
          new TransactionTemplate(new DataSourceTransactionManager(postgres.dataSource())),
          clock);

  @BeforeEach
  @AfterEach
  void noCarrierSwitches() {
    postgres.jdbc().sql("DELETE FROM tb_rule_switch WHERE carrier_id IS NOT NULL").update();
  }

  @Test
  void beforeItsFirstLoad_everyRuleIsEnforced() {
    RuleSwitchCache cache = new RuleSwitchCache(store, redis.template(), clock);

    assertThat(cache.current()).isSameAs(RuleSwitches.ENFORCE_ALL);
  }

  @Test
  void refreshNow_swapsInWhatTheDatabaseHoldsNow() {
    RuleSwitchCache cache = new RuleSwitchCache(store, redis.template(), clock);
    cache.refreshNow();
    store.put(2L, new SwitchSetting(false, null), "alice");

    assertThat(cache.current().carriers()).isEmpty();
    cache.refreshNow();

    assertThat(cache.current().forCarrier(2).enforceNotRealname()).isFalse();
  }

  @Test
  void anAnnouncedChange_isLoadedAtOnceByAnotherSubscribedProcess() throws Exception {
    RuleSwitchCache writer = new RuleSwitchCache(store, redis.template(), clock);
    RuleSwitchCache other = new RuleSwitchCache(store, redis.template(), clock);
    other.refreshNow();
    // An hour: only the announcement can explain a reload within the test.
    other.startPeriodicRefresh(Duration.ofHours(1));
    var container = new RedisMessageListenerContainer();
    container.setConnectionFactory(redis.template().getConnectionFactory());
    container.addMessageListener(
        (message, pattern) -> other.onAnnouncement(),
        new ChannelTopic(RedisKeys.RULE_SWITCHES_CHANGED));
    container.afterPropertiesSet();
    container.start();
    try {
      await().atMost(Duration.ofSeconds(10)).until(container::isListening);
      store.put(6L, new SwitchSetting(false, null), "alice");

      writer.announceChange();

      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> other.current().carriers().containsKey(6L));
    } finally {
      container.stop();
      container.destroy();
      other.close();
    }
  }

  @Test
  void periodicRefresh_picksUpAChangeNobodyAnnounced() {
    RuleSwitchCache cache = new RuleSwitchCache(store, redis.template(), clock);
    cache.refreshNow();
    cache.startPeriodicRefresh(Duration.ofMillis(100));
    try {
      store.put(9L, new SwitchSetting(false, null), "alice");

      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> cache.current().carriers().containsKey(9L));
    } finally {
      cache.close();
    }
  }

  @Test
  void aFailedRefresh_keepsTheSwitchesInForce() {
    RuleSwitchCache cache = new RuleSwitchCache(store, redis.template(), clock);
    store.put(4L, new SwitchSetting(false, null), "alice");
    RuleSwitches loaded = cache.refreshNow();
    var unreachable = new DriverManagerDataSource("jdbc:postgresql://127.0.0.1:1/none");
    RuleSwitchCache broken =
        new RuleSwitchCache(
            new RuleSwitchStore(
                JdbcClient.create(unreachable),
                new TransactionTemplate(new DataSourceTransactionManager(unreachable)),
                clock),
            redis.template(),
            clock);

    assertThatThrownBy(broken::refreshNow).isInstanceOf(RuntimeException.class);
    broken.onAnnouncement();

    assertThat(broken.current()).isSameAs(RuleSwitches.ENFORCE_ALL);
    assertThat(cache.current()).isSameAs(loaded);
  }
}
