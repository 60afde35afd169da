package com.cmp.polling.stopresume;

import com.cmp.polling.core.lock.OperationLocks;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.core.switches.RuleSwitchCache;
import com.cmp.polling.core.switches.RuleSwitchStore;
import com.cmp.polling.core.switches.SwitchSetting;
import com.cmp.polling.stopresume.action.StopResumeMetrics;
import com.cmp.polling.stopresume.rules.StopRules;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Clock;
import java.time.Instant;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A StopResumeService that honours the rule switches, on the parts of a {@link StopResumeRig}: the
 * switches are read from the test class's database through a cache subscribed to the Redis
 * announcements, as in a running process, and the rules' clock (grace dates) can be set.
 */
final class SwitchRig implements AutoCloseable {

  final SettableClock rulesClock = SettableClock.atNow();
  final RuleSwitchStore store;
  final RuleSwitchCache switches;
  final StopRules rules;
  final StopResumeService service;
  final RulePreview preview;
  private final PostgresExtension postgres;
  private final RedisMessageListenerContainer announcements;

  SwitchRig(StopResumeRig rig, PostgresExtension postgres, RedisExtension redis) {
    this.postgres = postgres;
    Clock clock = Clock.systemUTC();
    store =
        new RuleSwitchStore(
            postgres.jdbc(),
            new TransactionTemplate(new DataSourceTransactionManager(postgres.dataSource())),
            clock);
    switches = new RuleSwitchCache(store, redis.template(), clock);
    switches.refreshNow();
    rules = new StopRules(new PackageUsageStore(postgres.jdbc()), switches::current, rulesClock);
    service =
        new StopResumeService(
            rig.cards,
            rules,
            rig.actions,
            rig.protection,
            new OperationLocks(redis.template(), clock),
            StopResumeSettings.DEFAULTS,
            new StopResumeMetrics(rig.meters));
    preview = new RulePreview(rig.cards, rules, rig.protection);
    announcements = new RedisMessageListenerContainer();
    announcements.setConnectionFactory(redis.template().getConnectionFactory());
    announcements.addMessageListener(
        (message, pattern) -> switches.onAnnouncement(),
        new ChannelTopic(RedisKeys.RULE_SWITCHES_CHANGED));
    announcements.afterPropertiesSet();
    announcements.start();
  }

  boolean listening() {
    return announcements.isListening();
  }

  /** Sets a carrier's switch (or the default's, for null) and loads it here. */
  void set(Long carrierId, boolean enforce, Instant graceUntil) {
    store.put(carrierId, new SwitchSetting(enforce, graceUntil), "test");
    switches.refreshNow();
  }

  /** Back to the migrated state: the default enforces, no carrier has a switch. */
  void reset() {
    postgres.jdbc().sql("DELETE FROM tb_rule_switch WHERE carrier_id IS NOT NULL").update();
    set(null, true, null);
  }

  @Override
  public void close() throws Exception {
    announcements.stop();
    announcements.destroy();
    switches.close();
  }
}
