package com.cmp.polling.autoconfigure;

import com.cmp.polling.schemas.Topic;
import com.cmp.polling.schemas.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.kafka.autoconfigure.DefaultKafkaProducerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.ProducerListener;

/**
 * Kafka as the pipeline uses it: String keys (card ids), JSON bytes as values, idempotent producers
 * with {@code acks=all}; and the pipeline's topics, with a dead-letter topic beside each consumed
 * one.
 */
@AutoConfiguration(
    beforeName = "org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration")
@ConditionalOnClass(KafkaTemplate.class)
public class PollingKafkaAutoConfiguration {

  /** Producer settings a deployment may still override with spring.kafka.producer.*. */
  private static final Map<String, Object> PRODUCER_DEFAULTS =
      Map.of(
          ProducerConfig.ACKS_CONFIG,
          "all",
          ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
          true,
          ProducerConfig.COMPRESSION_TYPE_CONFIG,
          "lz4",
          ProducerConfig.LINGER_MS_CONFIG,
          5,
          ProducerConfig.BATCH_SIZE_CONFIG,
          65536);

  /**
   * Spring's default listener logs every failed record with its payload; the callers log one
   * summary per batch with the card ids instead.
   */
  @Bean
  @ConditionalOnMissingBean(ProducerListener.class)
  ProducerListener<Object, Object> quietProducerListener() {
    return new ProducerListener<>() {};
  }

  @Bean
  DefaultKafkaProducerFactoryCustomizer pollingProducerSettings() {
    return factory -> {
      Map<String, Object> missing = new HashMap<>();
      // Card ids as keys and codec-made JSON bytes as values, whatever the defaults say.
      missing.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
      missing.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
      PRODUCER_DEFAULTS.forEach(
          (key, value) -> {
            if (!factory.getConfigurationProperties().containsKey(key)) {
              missing.put(key, value);
            }
          });
      factory.updateConfigs(missing);
    };
  }

  @Bean
  @ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
  @ConditionalOnMissingBean(name = "kafkaHealthIndicator")
  KafkaHealthIndicator kafkaHealthIndicator(KafkaAdmin admin) {
    return new KafkaHealthIndicator(admin, Duration.ofSeconds(3));
  }

  @Bean
  @ConditionalOnProperty(
      name = "cmp.polling.kafka.create-topics",
      havingValue = "true",
      matchIfMissing = true)
  KafkaAdmin.NewTopics pollingTopics(PollingProperties properties) {
    return new KafkaAdmin.NewTopics(pipelineTopics(properties.kafka()).toArray(NewTopic[]::new));
  }

  /** Every topic of the pipeline and its dead-letter topics, with the configured settings. */
  static List<NewTopic> pipelineTopics(PollingProperties.Kafka settings) {
    List<NewTopic> topics = new ArrayList<>();
    for (Topic<?> topic : Topics.all()) {
      topics.add(newTopic(topic.name(), settings));
      if (topic != Topics.CARD_ACTIONS) {
        // Every other topic has a consumer in the pipeline, hence a dead-letter topic.
        topics.add(newTopic(topic.deadLetterName(), settings));
      }
    }
    return topics;
  }

  private static NewTopic newTopic(String name, PollingProperties.Kafka settings) {
    return new NewTopic(name, settings.partitions(), settings.replicationFactor())
        .configs(settings.pipelineTopicConfigs());
  }
}
