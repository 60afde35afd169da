package com.cmp.polling.handlers.config;

import com.cmp.polling.handlers.base.BatchCheckBody;
import com.cmp.polling.handlers.base.CheckRunner;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Duration;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.KafkaListenerConfigurer;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.config.KafkaListenerEndpoint;
import org.springframework.kafka.config.KafkaListenerEndpointRegistrar;
import org.springframework.kafka.listener.BatchMessageListener;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.kafka.support.TopicPartitionOffset;
import org.springframework.kafka.support.converter.MessageConverter;

/**
 * The task consumers, the same two for every task type: its task topic, read by {@code
 * consumers.<type>} consumers of the group {@code cmp-check-handlers-<type>}, whose fetches gather
 * a tick's tasks into one poll ({@code fetch-min-bytes}, {@code fetch-max-wait}), and its manual
 * topic, read by one consumer of {@code cmp-check-handlers-<type>-manual}, whose fetches return as
 * soon as a task is there. Each poll goes to {@link CheckRunner} with the check of its type (on the
 * regular or the manual lane); a check only says which type it handles. Each listener's id is its
 * group's name.
 */
@Configuration
class CheckListeners implements KafkaListenerConfigurer {

  private final CheckRunner runner;
  private final Map<TaskType, BatchCheckBody<?>> checks = new EnumMap<>(TaskType.class);
  private final ConcurrentKafkaListenerContainerFactory<String, byte[]> factory;
  private final HandlersProperties settings;

  CheckListeners(
      CheckRunner runner,
      List<BatchCheckBody<?>> checks,
      ConcurrentKafkaListenerContainerFactory<String, byte[]> checkTaskListenerFactory,
      HandlersProperties settings) {
    this.runner = runner;
    for (BatchCheckBody<?> check : checks) {
      BatchCheckBody<?> before = this.checks.put(check.type(), check);
      if (before != null) {
        throw new IllegalStateException(
            "two checks of " + check.type().code() + ": " + before + " and " + check);
      }
    }
    for (TaskType type : TaskType.values()) {
      if (!this.checks.containsKey(type)) {
        throw new IllegalStateException("no check handles " + type.code() + " tasks");
      }
    }
    this.factory = checkTaskListenerFactory;
    this.settings = settings;
  }

  @Override
  public void configureKafkaListeners(KafkaListenerEndpointRegistrar registrar) {
    checks.values().forEach(check -> register(registrar, check));
  }

  private <R> void register(KafkaListenerEndpointRegistrar registrar, BatchCheckBody<R> check) {
    TaskType type = check.type();
    registrar.registerEndpoint(
        new TaskEndpoint(
            Topics.checkHandlersGroup(type),
            Topics.checkTasks(type).name(),
            settings.consumersOf(type),
            fetching(settings.fetchMinBytes().toBytes(), settings.fetchMaxWait()),
            records -> runner.runAll(records, type, check)),
        factory);
    registrar.registerEndpoint(
        new TaskEndpoint(
            Topics.manualCheckHandlersGroup(type),
            Topics.manualCheckTasks(type).name(),
            1,
            fetching(1, settings.manualFetchMaxWait()),
            records -> runner.runManual(records, type, check)),
        factory);
  }

  /** A consumer's fetch settings: what its fetches wait to gather, and for how long at most. */
  private static Properties fetching(long minBytes, Duration maxWait) {
    Properties properties = new Properties();
    properties.setProperty(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, Long.toString(minBytes));
    properties.setProperty(
        ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, Long.toString(maxWait.toMillis()));
    return properties;
  }

  /**
   * One topic read by a consumer group whose name is also the listener's id, each poll handed whole
   * to {@code listener}.
   */
  private record TaskEndpoint(
      String group,
      String topic,
      int consumers,
      Properties consumerProperties,
      BatchMessageListener<String, byte[]> listener)
      implements KafkaListenerEndpoint {

    @Override
    public Properties getConsumerProperties() {
      return consumerProperties;
    }

    @Override
    public String getId() {
      return group;
    }

    @Override
    public String getGroupId() {
      return group;
    }

    @Override
    public String getGroup() {
      return null;
    }

    @Override
    public Collection<String> getTopics() {
      return List.of(topic);
    }

    @Override
    public TopicPartitionOffset[] getTopicPartitionsToAssign() {
      return new TopicPartitionOffset[0];
    }

    @Override
    public Pattern getTopicPattern() {
      return null;
    }

    @Override
    public String getClientIdPrefix() {
      return null;
    }

    @Override
    public Integer getConcurrency() {
      return consumers;
    }

    @Override
    public Boolean getAutoStartup() {
      return null;
    }

    @Override
    public Boolean getBatchListener() {
      return true;
    }

    @Override
    public void setupListenerContainer(
        MessageListenerContainer container, MessageConverter messageConverter) {
      container.setupMessageListener(listener);
    }

    @Override
    public boolean isSplitIterables() {
      return false;
    }
  }
}
