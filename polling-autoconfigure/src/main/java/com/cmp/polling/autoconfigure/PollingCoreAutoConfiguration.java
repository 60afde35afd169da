package com.cmp.polling.autoconfigure;

import com.cmp.polling.core.announce.Announced;
import com.cmp.polling.core.budget.BudgetReports;
import com.cmp.polling.core.budget.CallBudget;
import com.cmp.polling.core.budget.CarrierAccounts;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.config.PollingConfigStore;
import com.cmp.polling.core.device.DeviceStore;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.enrollment.CarddataAlignment;
import com.cmp.polling.core.enrollment.CarddataAlignmentSettings;
import com.cmp.polling.core.enrollment.IntervalStretches;
import com.cmp.polling.core.enrollment.PlanningMetrics;
import com.cmp.polling.core.lifecycle.PollingLifecycleService;
import com.cmp.polling.core.lock.OperationLocks;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.QueueSettings;
import com.cmp.polling.core.queue.ShardCountMarker;
import com.cmp.polling.core.stopresumelog.StopResumeLogStore;
import com.cmp.polling.core.usage.DataUsageStore;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.stopresume.gateway.CarrierOperation;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The core of every cmp-polling process: stores, the polling queues, the config manager, card
 * enrollment, the lifecycle service, protection periods, the operation locks, the payload codec and
 * the clock.
 */
@AutoConfiguration(
    afterName = {
      "org.springframework.boot.jdbc.autoconfigure.JdbcClientAutoConfiguration",
      "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration",
      "org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration"
    })
@EnableConfigurationProperties(PollingProperties.class)
public class PollingCoreAutoConfiguration {

  private static final Logger log = LoggerFactory.getLogger(PollingCoreAutoConfiguration.class);

  /**
   * For the apps' {@code @SpringBootApplication(excludeName = ...)}: Boot wraps every Lettuce
   * command in a Micrometer observation (a timer and its tags per call), which cost the check
   * handlers about a fifth of their CPU per check. Redis health and our own metrics stay.
   */
  public static final String LETTUCE_OBSERVATION =
      "org.springframework.boot.data.redis.autoconfigure.observation"
          + ".LettuceObservationAutoConfiguration";

  @Bean
  @ConditionalOnMissingBean
  Clock clock() {
    return Clock.systemUTC();
  }

  @Bean
  @ConditionalOnMissingBean
  PayloadCodec payloadCodec() {
    return new PayloadCodec();
  }

  @Bean
  CardStore cardStore(JdbcClient jdbc) {
    return new CardStore(jdbc);
  }

  @Bean
  DeviceStore deviceStore(JdbcClient jdbc) {
    return new DeviceStore(jdbc);
  }

  @Bean
  PackageUsageStore packageUsageStore(JdbcClient jdbc) {
    return new PackageUsageStore(jdbc);
  }

  @Bean
  PollingConfigStore pollingConfigStore(JdbcClient jdbc) {
    return new PollingConfigStore(jdbc);
  }

  @Bean
  DataUsageStore dataUsageStore(JdbcClient jdbc) {
    return new DataUsageStore(jdbc);
  }

  @Bean
  StopResumeLogStore stopResumeLogStore(JdbcClient jdbc) {
    return new StopResumeLogStore(jdbc);
  }

  /**
   * Checked before any queue is touched: a process whose {@code cmp.polling.queue.shard-count}
   * differs from the count the queues in Redis were built with fails to start, naming both (the
   * first process to start records its count).
   */
  @Bean
  ShardCountMarker shardCountMarker(StringRedisTemplate redis, PollingProperties properties) {
    var marker = new ShardCountMarker(redis, queueSettings(properties));
    marker.verify();
    return marker;
  }

  @Bean
  PollingQueueManager pollingQueueManager(
      StringRedisTemplate redis,
      PollingProperties properties,
      Clock clock,
      ShardCountMarker verifiedShardCount) {
    return new PollingQueueManager(redis, queueSettings(properties), clock);
  }

  private static QueueSettings queueSettings(PollingProperties properties) {
    return new QueueSettings(properties.queue().shardCount(), properties.queue().lease());
  }

  /**
   * Loaded at start-up, so that nothing ever matches cards against an empty snapshot: without its
   * configs a process fails to start rather than polling nothing.
   */
  @Bean(destroyMethod = "close")
  PollingConfigManager pollingConfigManager(
      PollingConfigStore store,
      StringRedisTemplate redis,
      Clock clock,
      PollingProperties properties) {
    var manager = new PollingConfigManager(store, redis, clock);
    manager.refreshNow();
    manager.startPeriodicRefresh(properties.config().refreshInterval());
    return manager;
  }

  /**
   * The app's one subscription to Redis pub/sub: every {@link Announced} bean (the configs; the
   * rule switches where stop-resume-service runs) reloads as soon as any process announces a change
   * on its channel, instead of waiting for its periodic refresh.
   */
  @Bean
  RedisMessageListenerContainer announcements(
      RedisConnectionFactory connections, ObjectProvider<Announced> announced) {
    var container = new RedisMessageListenerContainer();
    container.setConnectionFactory(connections);
    announced
        .orderedStream()
        .forEach(
            each ->
                container.addMessageListener(
                    (message, pattern) -> each.onAnnouncement(), new ChannelTopic(each.channel())));
    return container;
  }

  @Bean
  CardPlanner cardPlanner(
      PollingConfigManager configs,
      DeviceStore devices,
      ProtectionPeriods protection,
      Clock clock,
      PollingProperties properties,
      ObjectProvider<MeterRegistry> registry,
      IntervalStretches stretches) {
    return new CardPlanner(
        configs,
        devices,
        protection,
        clock,
        properties.planning().usageAware().settings(),
        new PlanningMetrics(registry.getIfAvailable(SimpleMeterRegistry::new)),
        stretches,
        carddataAlignment(properties, clock));
  }

  /** The stretches the scheduler publishes while an account's budget cannot pay the intervals. */
  @Bean
  IntervalStretches intervalStretches(
      StringRedisTemplate redis, Clock clock, PollingProperties properties) {
    return new IntervalStretches(
        redis,
        properties.carrierAccounts().carriers(),
        clock,
        properties.budget().stretchRefresh());
  }

  /**
   * The carrier accounts' call budgets; each account is logged once. The accounts are checked here,
   * so a carrier in two of them stops every process at start-up.
   */
  @Bean
  CallBudget callBudget(StringRedisTemplate redis, Clock clock, PollingProperties properties) {
    CarrierAccounts accounts = properties.carrierAccounts();
    accounts
        .all()
        .forEach(
            account ->
                log.info(
                    "carrier account {}: carriers {}, {} calls/s, {} calls/day; regular checks"
                        + " spend {} calls/s at most, {} % kept for manual checks and stop/resume",
                    account.name(),
                    account.carriers(),
                    account.callsPerSecond(),
                    account.callsPerDay() == null ? "unlimited" : account.callsPerDay(),
                    account.regularPerSecond(),
                    Math.round(account.reservedShare() * 100)));
    return new CallBudget(redis, accounts, clock);
  }

  @Bean
  BudgetReports budgetReports(StringRedisTemplate redis) {
    return new BudgetReports(redis);
  }

  /**
   * The carddata checks of the carriers with a batch form of the usage query lined up, when a grid
   * is set; the partition of a card is the producer's own choice for its task's key.
   */
  static CarddataAlignment carddataAlignment(PollingProperties properties, Clock clock) {
    Set<Long> batched = new TreeSet<>();
    properties
        .gateway()
        .batchSizes()
        .forEach(
            (carrierId, sizes) -> {
              if (sizes.getOrDefault(CarrierOperation.USAGE.wireName(), 1) > 1) {
                batched.add(carrierId);
              }
            });
    CarddataAlignmentSettings settings =
        properties.planning().carddataAlignment().settings(batched);
    int partitions = properties.kafka().partitions();
    if (settings.enabled()) {
      log.info(
          "carddata checks of carriers {} lined up on a {} grid in {} slots over {} partitions",
          batched,
          settings.grid(),
          settings.slots(),
          partitions);
    }
    return new CarddataAlignment(
        settings, partitions, cardId -> TaskPartitions.of(cardId, partitions), clock);
  }

  @Bean
  PollingLifecycleService pollingLifecycleService(
      CardStore cards,
      CardPlanner planner,
      PollingQueueManager queues,
      PollingConfigManager configs) {
    return new PollingLifecycleService(cards, planner, queues, configs);
  }

  /**
   * The Redis locks every process shares: a card's or device's stop/resume, and {@code
   * polling:init:lock} of the initializer, the rebuild and the reconciler.
   */
  @Bean
  OperationLocks operationLocks(StringRedisTemplate redis, Clock clock) {
    return new OperationLocks(redis, clock);
  }

  @Bean
  ProtectionPeriods protectionPeriods(StringRedisTemplate redis, Clock clock) {
    return new ProtectionPeriods(redis, clock);
  }
}
