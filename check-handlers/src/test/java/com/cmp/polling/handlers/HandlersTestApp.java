package com.cmp.polling.handlers;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.GatewaySimulator;
import com.cmp.polling.simulator.RunningSimulator;
import com.cmp.polling.testsupport.app.InfrastructureProperties;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The handlers app on the test class's real servers, talking to a gateway simulator over HTTP. The
 * simulator's clock is fixed in mid-November 2026, so "this month" stays November whatever day the
 * tests run. Start in {@code @BeforeAll}, close in {@code @AfterAll}.
 */
public final class HandlersTestApp implements AutoCloseable {

  public static final Instant SIMULATOR_TIME = Instant.parse("2026-11-15T08:00:00Z");

  private final RunningSimulator simulator;
  private final ConfigurableApplicationContext context;
  private final KafkaProducer<String, byte[]> producer;
  private final PayloadCodec codec = new PayloadCodec();

  private HandlersTestApp(
      RunningSimulator simulator,
      ConfigurableApplicationContext context,
      KafkaProducer<String, byte[]> producer) {
    this.simulator = simulator;
    this.context = context;
    this.producer = producer;
  }

  public static HandlersTestApp start(
      PostgresExtension postgres,
      RedisExtension redis,
      KafkaExtension kafka,
      Map<String, Object> overrides) {
    // Starts in mid-November and runs in real time: rate limits refill, the month stays put.
    RunningSimulator simulator =
        GatewaySimulator.start(
            Clock.offset(Clock.systemUTC(), Duration.between(Instant.now(), SIMULATOR_TIME)));
    try {
      Map<String, Object> properties =
          new HashMap<>(InfrastructureProperties.of(postgres, redis, kafka));
      properties.put("cmp.polling.gateway.base-url", simulator.baseUrl());
      properties.put("cmp.polling.stop-resume.first-backoff", "5ms");
      properties.put("spring.kafka.consumer.properties.group.initial.rebalance.delay.ms", 0);
      properties.putAll(overrides);
      ConfigurableApplicationContext context =
          new SpringApplicationBuilder(HandlersApplication.class)
              .run(InfrastructureProperties.asArguments(properties));
      return new HandlersTestApp(simulator, context, kafka.producer());
    } catch (RuntimeException e) {
      simulator.close();
      throw e;
    }
  }

  public <T> T bean(Class<T> type) {
    return context.getBean(type);
  }

  public RunningSimulator simulator() {
    return simulator;
  }

  /**
   * Does what the scheduler does: leases the card (as a dequeue would) and publishes its task,
   * carrying that lease.
   */
  public void dispatch(long cardId, TaskType type) {
    Instant now = Instant.ofEpochMilli(System.currentTimeMillis());
    Instant leaseUntil = now.plusSeconds(300);
    bean(PollingQueueManager.class).requeue(cardId, type, leaseUntil);
    var topic = Topics.checkTasks(type);
    send(
        topic.name(),
        Long.toString(cardId),
        codec.encode(topic, new CheckTask(cardId, type, now, now, false, leaseUntil)));
  }

  /** Does what the scheduler does with a manual trigger: publishes it to the manual topic. */
  public void dispatchManual(long cardId, TaskType type) {
    Instant now = Instant.now();
    var topic = Topics.manualCheckTasks(type);
    send(
        topic.name(),
        Long.toString(cardId),
        codec.encode(topic, new CheckTask(cardId, type, now, now, true)));
  }

  public void send(String topic, String key, byte[] value) {
    try {
      producer.send(new ProducerRecord<>(topic, key, value)).get();
    } catch (Exception e) {
      throw new IllegalStateException("could not publish to " + topic, e);
    }
  }

  @Override
  public void close() {
    producer.close();
    context.close();
    simulator.close();
  }
}
