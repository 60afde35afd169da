package com.cmp.polling.handlers.config;

import com.cmp.polling.autoconfigure.membership.LeaveGroupsOnStop;
import com.cmp.polling.autoconfigure.membership.StaticMembership;
import com.cmp.polling.core.concurrent.DaemonThreads;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.ContainerProperties.AckMode;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.FixedBackOff;

/** Wiring of the handlers: task consumers, check workers, dead letters. */
@Configuration
class HandlersConfiguration {

  private static final Logger log = LoggerFactory.getLogger(HandlersConfiguration.class);

  /**
   * Batch consumers of the task topics: each poll's tasks run in parallel on the check workers, and
   * the batch's offsets are committed once all of them are done, without waiting for the broker's
   * answer: the next poll never waits on a commit. A commit that is lost (the broker's answer is an
   * error, the process is killed before it went out) only means the poll's tasks are delivered
   * again, and a delivered-again task is harmless: its lease was completed or moved on, so its
   * claim finds it superseded and it is dropped without calling the carrier (a manual task, which
   * holds no lease, runs once more). The commits still under way are awaited when a consumer
   * closes. A listener that still throws (it should not: every task is settled one by one) gets two
   * more tries. The consumers are static members of their groups unless turned off (see {@link
   * StaticMembership}).
   */
  @Bean
  ConcurrentKafkaListenerContainerFactory<String, byte[]> checkTaskListenerFactory(
      KafkaProperties kafka, HandlersProperties properties) {
    Map<String, Object> consumer = new HashMap<>(kafka.buildConsumerProperties());
    consumer.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    consumer.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    // A new group must start with the tasks already waiting, not after them.
    consumer.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    consumer.putIfAbsent(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 500);
    var factory = new ConcurrentKafkaListenerContainerFactory<String, byte[]>();
    factory.setConsumerFactory(new DefaultKafkaConsumerFactory<>(consumer));
    if (properties.staticMembership()) {
      String instanceId = StaticMembership.instanceId(properties.instanceId());
      log.info(
          "task consumers join as static members of instance {}: after a restart under that id"
              + " they get their partitions back at once",
          instanceId);
      factory.setContainerCustomizer(container -> StaticMembership.join(container, instanceId));
    }
    factory.setBatchListener(true);
    factory.getContainerProperties().setAckMode(AckMode.BATCH);
    factory.getContainerProperties().setSyncCommits(false);
    factory.getContainerProperties().setCommitCallback(HandlersConfiguration::committed);
    factory.setCommonErrorHandler(new DefaultErrorHandler(new FixedBackOff(1000, 2)));
    return factory;
  }

  private static void committed(Map<TopicPartition, OffsetAndMetadata> offsets, Exception failure) {
    if (failure != null) {
      log.warn(
          "offsets {} not committed ({}); those tasks will be delivered again and dropped as"
              + " superseded",
          offsets,
          failure.getMessage());
    }
  }

  /** Takes this instance's static members out of their groups on a clean stop. */
  @Bean
  @ConditionalOnProperty(
      name = "cmp.polling.handlers.static-membership",
      havingValue = "true",
      matchIfMissing = true)
  LeaveGroupsOnStop leaveGroupsOnStop(
      KafkaAdmin admin, KafkaListenerEndpointRegistry listeners, HandlersProperties properties) {
    return new LeaveGroupsOnStop(
        admin.getConfigurationProperties(),
        listeners,
        StaticMembership.instanceId(properties.instanceId()));
  }

  /** Writes an unusable task to {@code <topic>-dlt}, same key and partition, reason in headers. */
  @Bean
  DeadLetterPublishingRecoverer deadLetters(KafkaTemplate<String, byte[]> kafka) {
    return new DeadLetterPublishingRecoverer(kafka);
  }

  @Bean(destroyMethod = "shutdownNow")
  ExecutorService checkWorkers(HandlersProperties properties) {
    return Executors.newFixedThreadPool(
        properties.workerThreads(), DaemonThreads.named("check-worker"));
  }
}
