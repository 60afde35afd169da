package com.cmp.polling.autoconfigure;

import com.cmp.polling.core.budget.CallBudget;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.lock.OperationLocks;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.stopresumelog.StopResumeLogStore;
import com.cmp.polling.core.switches.RuleSwitchCache;
import com.cmp.polling.core.switches.RuleSwitchStore;
import com.cmp.polling.stopresume.OperatorActions;
import com.cmp.polling.stopresume.RulePreview;
import com.cmp.polling.stopresume.StopResumeService;
import com.cmp.polling.stopresume.StopResumeSettings;
import com.cmp.polling.stopresume.action.CarrierActions;
import com.cmp.polling.stopresume.action.CarrierRetry;
import com.cmp.polling.stopresume.action.StopResumeMetrics;
import com.cmp.polling.stopresume.dryrun.RuleDryRun;
import com.cmp.polling.stopresume.gateway.ActionBudget;
import com.cmp.polling.stopresume.gateway.BatchSizes;
import com.cmp.polling.stopresume.gateway.CarrierGateway;
import com.cmp.polling.stopresume.gateway.CarrierOperation;
import com.cmp.polling.stopresume.gateway.CarrierRateLimiter;
import com.cmp.polling.stopresume.gateway.GatewaySettings;
import com.cmp.polling.stopresume.gateway.HttpCarrierGateway;
import com.cmp.polling.stopresume.gateway.RateLimitedCarrierGateway;
import com.cmp.polling.stopresume.rules.StopRules;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * StopResumeService and its parts, for the processes that have stop-resume-service: the rule
 * switches it honours, the preview of its decisions and the rule dry run.
 */
@AutoConfiguration(after = PollingCoreAutoConfiguration.class)
@ConditionalOnClass(StopResumeService.class)
public class StopResumeAutoConfiguration {

  private static final Logger log = LoggerFactory.getLogger(StopResumeAutoConfiguration.class);

  @Bean
  @ConditionalOnMissingBean
  CarrierGateway carrierGateway(
      PollingProperties properties,
      StringRedisTemplate redis,
      CallBudget budget,
      ObjectProvider<MeterRegistry> registry) {
    var gateway = properties.gateway();
    if (gateway.baseUrl() == null) {
      throw new IllegalStateException(
          "cmp.polling.gateway.base-url is not set: this process stops and resumes cards, so it"
              + " needs the carrier gateway (e.g. http://localhost:8089 for the simulator)");
    }
    CarrierGateway http =
        new HttpCarrierGateway(
            new GatewaySettings(
                gateway.baseUrl(),
                gateway.connectTimeout(),
                gateway.readTimeout(),
                gateway.callTimeout(),
                batchSizes(gateway)),
            registry.getIfAvailable(SimpleMeterRegistry::new));
    if (!gateway.rateLimited()) {
      return http;
    }
    return new RateLimitedCarrierGateway(
        http,
        new CarrierRateLimiter(
            redis,
            gateway.rateLimitPerSecond(),
            gateway.defaultRateLimitPerSecond(),
            gateway.rateLimitMaxWait(),
            budget.accounts()),
        new ActionBudget(budget));
  }

  /** The configured batch forms, by the gateway's operations; each carrier's logged once. */
  static BatchSizes batchSizes(PollingProperties.Gateway gateway) {
    Map<Long, Map<CarrierOperation, Integer>> sizes = new HashMap<>();
    gateway
        .batchSizes()
        .forEach(
            (carrierId, byName) -> {
              Map<CarrierOperation, Integer> byOperation = new EnumMap<>(CarrierOperation.class);
              byName.forEach(
                  (name, size) -> byOperation.put(CarrierOperation.fromWireName(name), size));
              sizes.put(carrierId, byOperation);
              log.info("carrier {}: batch calls of at most {} cards per call", carrierId, byName);
            });
    return new BatchSizes(sizes);
  }

  @Bean
  StopResumeMetrics stopResumeMetrics(ObjectProvider<MeterRegistry> registry) {
    return new StopResumeMetrics(registry.getIfAvailable(SimpleMeterRegistry::new));
  }

  @Bean
  CarrierActions carrierActions(
      CarrierGateway gateway,
      CardStore cards,
      StopResumeLogStore attempts,
      StopResumeMetrics metrics,
      PollingProperties properties) {
    var settings = properties.stopResume();
    return new CarrierActions(
        gateway,
        cards,
        attempts,
        CarrierRetry.policy(
            settings.attempts(), settings.firstBackoff(), settings.backoffMultiplier()),
        metrics);
  }

  @Bean
  StopResumeSettings stopResumeSettings(PollingProperties properties) {
    var settings = properties.stopResume();
    return new StopResumeSettings(
        settings.lockTtl(), settings.operatorLockWait(), settings.protectCheckDelay());
  }

  @Bean
  RuleSwitchStore ruleSwitchStore(
      JdbcClient jdbc, PlatformTransactionManager transactions, Clock clock) {
    return new RuleSwitchStore(jdbc, new TransactionTemplate(transactions), clock);
  }

  /**
   * Loaded at start-up (a process that cannot read its switches does not start), then re-read
   * periodically and whenever a process announces a change.
   */
  @Bean(destroyMethod = "close")
  RuleSwitchCache ruleSwitchCache(
      RuleSwitchStore store, StringRedisTemplate redis, Clock clock, PollingProperties properties) {
    var cache = new RuleSwitchCache(store, redis, clock);
    cache.refreshNow();
    cache.startPeriodicRefresh(properties.rules().switchRefreshInterval());
    return cache;
  }

  @Bean
  StopRules stopRules(PackageUsageStore packages, RuleSwitchCache switches, Clock clock) {
    return new StopRules(packages, switches::current, clock);
  }

  @Bean
  StopResumeService stopResumeService(
      CardStore cards,
      StopRules rules,
      CarrierActions actions,
      ProtectionPeriods protection,
      OperationLocks locks,
      StopResumeSettings settings,
      StopResumeMetrics metrics) {
    return new StopResumeService(cards, rules, actions, protection, locks, settings, metrics);
  }

  @Bean
  RulePreview rulePreview(CardStore cards, StopRules rules, ProtectionPeriods protection) {
    return new RulePreview(cards, rules, protection);
  }

  /** Each pass reads the switches afresh: a dry run answers with what is in the database now. */
  @Bean
  RuleDryRun ruleDryRun(
      JdbcClient jdbc,
      CardPlanner planner,
      PollingConfigManager configs,
      RuleSwitchCache switches,
      ProtectionPeriods protection,
      Clock clock,
      PollingProperties properties) {
    return new RuleDryRun(
        jdbc,
        planner,
        configs,
        switches::refreshNow,
        protection,
        clock,
        properties.rules().dryRunPageSize());
  }

  @Bean
  OperatorActions operatorActions(
      CardStore cards,
      CarrierActions actions,
      ProtectionPeriods protection,
      OperationLocks locks,
      PollingQueueManager queues,
      StopResumeSettings settings,
      Clock clock) {
    return new OperatorActions(cards, actions, protection, locks, queues, settings, clock);
  }
}
