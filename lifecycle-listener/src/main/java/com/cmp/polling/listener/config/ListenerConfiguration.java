package com.cmp.polling.listener.config;

import com.cmp.polling.autoconfigure.PollingProperties;
import com.cmp.polling.autoconfigure.readiness.ReadinessCheck;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.lifecycle.ConfigReenrollment;
import com.cmp.polling.core.lifecycle.ReenrollmentRecord;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.listener.cdc.CdcEngine;
import com.cmp.polling.listener.cdc.DebeziumSettings;
import com.cmp.polling.listener.cdc.ReplicationSlotHolder;
import com.cmp.polling.listener.cdc.SlotCreations;
import com.cmp.polling.listener.topology.LifecycleTopology;
import com.cmp.polling.listener.topology.StreamsSettings;
import com.cmp.polling.listener.topology.TopologyRunner;
import com.cmp.polling.schemas.json.PayloadCodec;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import javax.sql.DataSource;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.TopicConfig;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.boot.kafka.autoconfigure.DefaultKafkaProducerFactoryCustomizer;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;

/** The engine, the topology and the config re-enrollment of the listener. */
@Configuration(proxyBeanMethods = false)
public class ListenerConfiguration {

  @Bean
  @ConditionalOnProperty(
      name = "cmp.polling.listener.cdc.enabled",
      havingValue = "true",
      matchIfMissing = true)
  CdcEngine cdcEngine(
      ListenerProperties properties,
      DataSourceProperties dataSource,
      KafkaProperties kafka,
      KafkaTemplate<String, byte[]> template,
      PollingProperties polling,
      DataSource database,
      StringRedisTemplate redis,
      Clock clock) {
    var settings =
        DebeziumSettings.of(
            properties.cdc(),
            dataSource.determineUrl(),
            dataSource.determineUsername(),
            dataSource.determinePassword(),
            String.join(",", kafka.getBootstrapServers()));
    settings.putIfAbsent(
        "offset.storage.replication.factor",
        Short.toString(offsetReplicationFactor(properties, polling)));
    return new CdcEngine(
        settings,
        template,
        polling.kafka().ackTimeout(),
        properties.cdc().restartBackoff(),
        new ReplicationSlotHolder(database, properties.cdc().slotName()),
        new SlotCreations(redis, clock));
  }

  /**
   * The change stream's producer. One request in flight per connection: with several, a stop (or a
   * broker's hiccup) that fails one request makes the idempotent producer restart a partition's
   * sequence while later batches are still out, and the broker then refuses them as out of order (a
   * retriable error, and an ERROR line in the broker's log) for as long as the producer lives.
   * Changes come in transactions of a few rows; one request carries every partition's batch.
   * Closing waits at most 2 s for sends in flight: what was not acknowledged by then was never
   * committed as the engine's offset, so the next start sends it again.
   */
  @Bean
  DefaultKafkaProducerFactoryCustomizer changeStreamProducerSettings() {
    return factory -> {
      factory.updateConfigs(Map.of(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1));
      factory.setPhysicalCloseTimeout(2);
    };
  }

  /** Ready once the engine streams the slot, or stands by while another listener does. */
  @Bean
  @ConditionalOnProperty(
      name = "cmp.polling.listener.cdc.enabled",
      havingValue = "true",
      matchIfMissing = true)
  ReadinessCheck cdcStreaming(CdcEngine engine) {
    return new ReadinessCheck() {
      @Override
      public String waitingFor() {
        return "the replication slot to stream to this listener's CDC engine";
      }

      @Override
      public boolean ready() {
        return engine.streamsOrStandsBy();
      }
    };
  }

  /**
   * The engine's offsets topic, created with the pipeline's topics before the engine starts: the
   * engine would create it with the replicas alone (an embedded engine passes no other topic
   * setting on), and on a cluster it needs the min ISR as well.
   */
  @Bean
  @ConditionalOnProperty(
      name = "cmp.polling.listener.cdc.enabled",
      havingValue = "true",
      matchIfMissing = true)
  @ConditionalOnProperty(
      name = "cmp.polling.kafka.create-topics",
      havingValue = "true",
      matchIfMissing = true)
  KafkaAdmin.NewTopics cdcOffsetsTopic(ListenerProperties properties, PollingProperties polling) {
    Map<String, String> configs = new HashMap<>(polling.kafka().internalTopicConfigs());
    configs.put(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT);
    return new KafkaAdmin.NewTopics(
        new NewTopic(
                properties.cdc().offsetTopic(), 1, offsetReplicationFactor(properties, polling))
            .configs(configs));
  }

  private static short offsetReplicationFactor(
      ListenerProperties properties, PollingProperties polling) {
    Short own = properties.cdc().offsetReplicationFactor();
    return own != null ? own : polling.kafka().replicationFactor();
  }

  @Bean
  @ConditionalOnProperty(
      name = "cmp.polling.listener.streams.enabled",
      havingValue = "true",
      matchIfMissing = true)
  TopologyRunner topologyRunner(
      ListenerProperties properties,
      KafkaProperties kafka,
      PayloadCodec codec,
      PollingProperties polling) {
    return new TopologyRunner(
        "lifecycle",
        LifecycleTopology.build(codec),
        StreamsSettings.of(
            properties.streams(),
            String.join(",", kafka.getBootstrapServers()),
            polling.kafka(),
            properties.staticInstanceId()));
  }

  /** Only this process re-enrolls after a config change; the others only reload the configs. */
  @Bean(destroyMethod = "close")
  ConfigReenrollment configReenrollment(
      CardStore cards,
      CardPlanner planner,
      PollingQueueManager queues,
      PollingConfigManager configs,
      StringRedisTemplate redis,
      ListenerProperties properties) {
    var reenrollment =
        new ConfigReenrollment(
            cards,
            planner,
            queues,
            new ReenrollmentRecord(redis),
            properties.reenrollment().pageSize(),
            properties.reenrollment().retryPause());
    configs.addChangeListener(reenrollment);
    return reenrollment;
  }
}
