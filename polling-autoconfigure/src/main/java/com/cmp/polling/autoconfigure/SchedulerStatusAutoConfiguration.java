package com.cmp.polling.autoconfigure;

import com.cmp.polling.status.initializer.InitProgressStore;
import com.cmp.polling.status.lag.ConsumerLag;
import com.cmp.polling.status.reconcile.ReconcileStatusStore;
import com.cmp.polling.status.request.SchedulerRequests;
import com.cmp.polling.status.schedule.HoldBackHistory;
import com.cmp.polling.status.schedule.SchedulerStatsStore;
import java.time.Clock;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * What the scheduler instances share in Redis, for the processes that have scheduler-status (the
 * scheduler writes it, the operator app reads it): initializer progress, scheduler stats,
 * hold-backs, reconcile status, the request channel between them, and the handlers' lag.
 */
@AutoConfiguration(
    after = PollingCoreAutoConfiguration.class,
    afterName = "org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration")
@ConditionalOnClass(SchedulerStatsStore.class)
public class SchedulerStatusAutoConfiguration {

  @Bean
  InitProgressStore initProgressStore(StringRedisTemplate redis) {
    return new InitProgressStore(redis);
  }

  @Bean
  SchedulerStatsStore schedulerStatsStore(StringRedisTemplate redis) {
    return new SchedulerStatsStore(redis);
  }

  @Bean
  HoldBackHistory holdBackHistory(StringRedisTemplate redis) {
    return new HoldBackHistory(redis);
  }

  @Bean
  ReconcileStatusStore reconcileStatusStore(StringRedisTemplate redis, Clock clock) {
    return new ReconcileStatusStore(redis, clock);
  }

  @Bean
  SchedulerRequests schedulerRequests(StringRedisTemplate redis, Clock clock) {
    return new SchedulerRequests(redis, clock);
  }

  /**
   * Its Kafka clients are created at the first measure, so a process that never measures has none.
   */
  @Bean
  ConsumerLag consumerLag(KafkaAdmin kafkaAdmin, KafkaProperties kafka, Clock clock) {
    return new ConsumerLag(kafkaAdmin, kafka, clock);
  }
}
