package com.cmp.polling.operator.config;

import com.cmp.polling.autoconfigure.PollingProperties;
import com.cmp.polling.core.config.GovernedCards;
import com.cmp.polling.core.queue.QueueInspector;
import com.cmp.polling.core.queue.QueueSettings;
import org.apache.kafka.clients.admin.Admin;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.kafka.core.KafkaAdmin;

/** The read-only views monitoring and the console share. */
@Configuration(proxyBeanMethods = false)
class MonitoringConfiguration {

  @Bean
  QueueInspector queueInspector(StringRedisTemplate redis, PollingProperties properties) {
    var queue = properties.queue();
    return new QueueInspector(redis, new QueueSettings(queue.shardCount(), queue.lease()));
  }

  @Bean
  GovernedCards governedCards(JdbcClient jdbc) {
    return new GovernedCards(jdbc);
  }

  /**
   * One Kafka admin client for the monitoring reads (offsets of task and dead-letter topics).
   * Created at its first use (its users get it through {@code @Lazy}), so that a process that never
   * reads them (the dry-run command) creates no Kafka client and needs no broker.
   */
  @Bean(destroyMethod = "close")
  @Lazy
  Admin monitoringKafkaAdmin(KafkaAdmin kafkaAdmin) {
    return Admin.create(kafkaAdmin.getConfigurationProperties());
  }
}
