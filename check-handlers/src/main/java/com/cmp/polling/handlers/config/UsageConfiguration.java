package com.cmp.polling.handlers.config;

import com.cmp.polling.core.usage.MonthUsageStore;
import com.cmp.polling.core.usage.UsageSamplePartitions;
import javax.sql.DataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

/** The stores of usage accounting only the check handlers write: counters and sample partitions. */
@Configuration
class UsageConfiguration {

  @Bean
  MonthUsageStore monthUsageStore(JdbcClient jdbc) {
    return new MonthUsageStore(jdbc);
  }

  @Bean
  UsageSamplePartitions usageSamplePartitions(
      DataSource dataSource, JdbcClient jdbc, TransactionTemplate transaction) {
    return new UsageSamplePartitions(dataSource, jdbc, transaction);
  }
}
