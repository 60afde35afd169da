package com.cmp.polling.listener.consumer;

import com.cmp.polling.autoconfigure.membership.LeaveGroupsOnStop;
import com.cmp.polling.autoconfigure.membership.StaticMembership;
import com.cmp.polling.core.lifecycle.PollingLifecycleService;
import com.cmp.polling.core.queue.PollingQueueException;
import com.cmp.polling.listener.config.ListenerProperties;
import com.cmp.polling.schemas.Topic;
import com.cmp.polling.schemas.json.InvalidPayloadException;
import com.cmp.polling.schemas.json.PayloadCodec;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.kafka.KafkaException;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.ExponentialBackOff;
import org.springframework.util.backoff.FixedBackOff;

/**
 * The consumer of {@code polling.lifecycle} (a static member of its group, like the topology's
 * stream threads: see {@link StaticMembership}): batches, idempotent application, and errors
 * handled the pipeline's way. A malformed event goes to {@code polling.lifecycle-dlt} at once, with
 * one WARN line, and the batch goes on; a Redis or database failure is retried with back-off until
 * it passes (an event is never dropped because a server was away); anything else is tried {@code
 * retries} times, then dead-lettered.
 */
@Configuration(proxyBeanMethods = false)
public class ConsumerConfiguration {

  static final String CONTAINER_FACTORY = "lifecycleBatchFactory";

  @Bean
  AppliedEvents appliedEvents(StringRedisTemplate redis, ListenerProperties properties) {
    return new AppliedEvents(redis, properties.consumer().appliedTtl());
  }

  /** {@code polling.lifecycle-dlt}, any partition: the reason and origin go in the headers. */
  @Bean
  DeadLetterPublishingRecoverer lifecycleDeadLetters(KafkaTemplate<String, byte[]> template) {
    return new DeadLetterPublishingRecoverer(
        template,
        (record, error) -> new TopicPartition(record.topic() + Topic.DEAD_LETTER_SUFFIX, -1));
  }

  @Bean
  LifecycleEventsListener lifecycleEventsListener(
      PollingLifecycleService lifecycle,
      PayloadCodec codec,
      AppliedEvents applied,
      DeadLetterPublishingRecoverer lifecycleDeadLetters) {
    return new LifecycleEventsListener(
        new LifecycleEventApplier(lifecycle, codec, applied, lifecycleDeadLetters));
  }

  @Bean(CONTAINER_FACTORY)
  ConcurrentKafkaListenerContainerFactory<String, byte[]> lifecycleBatchFactory(
      KafkaProperties kafka,
      DeadLetterPublishingRecoverer lifecycleDeadLetters,
      ListenerProperties properties) {
    var settings = properties.consumer();
    Map<String, Object> config = kafka.buildConsumerProperties();
    config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, settings.maxPollRecords());
    config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    var factory = new ConcurrentKafkaListenerContainerFactory<String, byte[]>();
    factory.setConsumerFactory(new DefaultKafkaConsumerFactory<>(config));
    factory.setBatchListener(true);
    factory.setConcurrency(settings.concurrency());
    factory.setAutoStartup(settings.autoStartup());
    factory.setCommonErrorHandler(errorHandler(lifecycleDeadLetters, settings));
    String instanceId = properties.staticInstanceId();
    if (instanceId != null) {
      factory.setContainerCustomizer(container -> StaticMembership.join(container, instanceId));
    }
    return factory;
  }

  /** Takes this instance's static lifecycle consumers out of their group on a clean stop. */
  @Bean
  @ConditionalOnProperty(
      name = "cmp.polling.listener.static-membership",
      havingValue = "true",
      matchIfMissing = true)
  LeaveGroupsOnStop leaveGroupsOnStop(
      KafkaAdmin admin, KafkaListenerEndpointRegistry listeners, ListenerProperties properties) {
    return new LeaveGroupsOnStop(
        admin.getConfigurationProperties(), listeners, properties.staticInstanceId());
  }

  private static DefaultErrorHandler errorHandler(
      DeadLetterPublishingRecoverer recoverer, ListenerProperties.Consumer settings) {
    var handler =
        new DefaultErrorHandler(
            recoverer, new FixedBackOff(settings.retryBackoff().toMillis(), settings.retries()));
    handler.addNotRetryableExceptions(InvalidPayloadException.class);
    // Every try that fails is one WARN line (FailedEventLog); the container's own log of the
    // re-seek after each of them, a full stack trace, goes to DEBUG.
    handler.setRetryListeners(new FailedEventLog());
    handler.setLogLevel(KafkaException.Level.DEBUG);
    handler.setBackOffFunction(
        (record, error) -> {
          if (causedByServers(error)) {
            var backOff = new ExponentialBackOff(settings.retryBackoff().toMillis(), 2.0);
            backOff.setMaxInterval(30_000);
            return backOff; // no attempt limit: servers come back, events are never dropped
          }
          return null;
        });
    return handler;
  }

  private static boolean causedByServers(Throwable error) {
    for (Throwable cause = error; cause != null; cause = cause.getCause()) {
      if (cause instanceof PollingQueueException || cause instanceof DataAccessException) {
        return true;
      }
      if (cause.getCause() == cause) {
        break;
      }
    }
    return false;
  }
}
