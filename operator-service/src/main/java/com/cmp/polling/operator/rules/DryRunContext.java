package com.cmp.polling.operator.rules;

import com.cmp.polling.autoconfigure.PollingProperties;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.config.PollingConfigStore;
import com.cmp.polling.core.device.DeviceStore;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.switches.RuleSwitchStore;
import com.cmp.polling.stopresume.dryrun.RuleDryRun;
import java.time.Clock;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcClientAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Everything the dry-run command runs on, and nothing else: PostgreSQL (the fleet, its packages,
 * the configs and the rule switches), Redis (the protection periods) and {@link RuleDryRun} over
 * them. No web server, no Kafka, no carrier gateway, no background work: each part is named here,
 * rather than the operator app started with parts switched off. Not a {@code @Configuration}, so
 * that the operator app's component scan leaves it alone; {@link DryRunCommand} starts it.
 */
@ImportAutoConfiguration({
  DataSourceAutoConfiguration.class,
  DataSourceTransactionManagerAutoConfiguration.class,
  JdbcTemplateAutoConfiguration.class,
  JdbcClientAutoConfiguration.class,
  DataRedisAutoConfiguration.class
})
@EnableConfigurationProperties(PollingProperties.class)
class DryRunContext {

  @Bean
  Clock clock() {
    return Clock.systemUTC();
  }

  /** Read once: the command ends long before a periodic refresh would matter. */
  @Bean(destroyMethod = "close")
  PollingConfigManager pollingConfigManager(
      JdbcClient jdbc, StringRedisTemplate redis, Clock clock) {
    var configs = new PollingConfigManager(new PollingConfigStore(jdbc), redis, clock);
    configs.refreshNow();
    return configs;
  }

  @Bean
  ProtectionPeriods protectionPeriods(StringRedisTemplate redis, Clock clock) {
    return new ProtectionPeriods(redis, clock);
  }

  @Bean
  CardPlanner cardPlanner(
      PollingConfigManager configs, JdbcClient jdbc, ProtectionPeriods protection, Clock clock) {
    return new CardPlanner(configs, new DeviceStore(jdbc), protection, clock);
  }

  /** The switches read afresh at each pass, as the admin API's dry run reads them. */
  @Bean
  RuleDryRun ruleDryRun(
      JdbcClient jdbc,
      CardPlanner planner,
      PollingConfigManager configs,
      ProtectionPeriods protection,
      PlatformTransactionManager transactions,
      Clock clock,
      PollingProperties properties) {
    RuleSwitchStore switches =
        new RuleSwitchStore(jdbc, new TransactionTemplate(transactions), clock);
    return new RuleDryRun(
        jdbc,
        planner,
        configs,
        switches::load,
        protection,
        clock,
        properties.rules().dryRunPageSize());
  }

  @Bean
  DryRunCommand dryRunCommand(RuleDryRun dryRun) {
    return new DryRunCommand(dryRun);
  }
}
