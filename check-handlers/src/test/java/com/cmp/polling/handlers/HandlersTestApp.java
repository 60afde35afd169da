package com.cmp.polling.handlers;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.handlers.base.BatchCheckBody;
import com.cmp.polling.handlers.base.CheckRunner;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.GatewaySimulator;
import com.cmp.polling.simulator.RunningSimulator;
import com.cmp.polling.testsupport.app.InfrastructureProperties;
import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The handlers app on real servers of the test class's own, talking to a gateway simulator over
 * HTTP; a JUnit extension: register it on a static field, it starts before the class and stops
 * after it.
 *
 * <pre>{@code
 * @RegisterExtension static final HandlersTestApp app = HandlersTestApp.withDefaults();
 * }</pre>
 *
 * The simulator's clock is fixed in mid-November 2026, so "this month" stays November whatever day
 * the tests run.
 */
public final class HandlersTestApp extends TestServers {

  public static final Instant SIMULATOR_TIME = Instant.parse("2026-11-15T08:00:00Z");

  private final Map<String, Object> overrides;
  private final PayloadCodec codec = new PayloadCodec();
  private RunningSimulator simulator;
  private ConfigurableApplicationContext context;
  private KafkaProducer<String, byte[]> producer;
  private QueueProbe queues;

  private HandlersTestApp(Map<String, Object> overrides) {
    super(PostgresExtension.migrated());
    this.overrides = Map.copyOf(overrides);
  }

  /** The app as configured by default, on a migrated database. */
  public static HandlersTestApp withDefaults() {
    return withSettings(Map.of());
  }

  /** The app with these properties set on top of the defaults. */
  public static HandlersTestApp withSettings(Map<String, Object> overrides) {
    return new HandlersTestApp(overrides);
  }

  @Override
  void startOnServers() {
    // Starts in mid-November and runs in real time: rate limits refill, the month stays put.
    simulator =
        GatewaySimulator.start(
            Clock.offset(Clock.systemUTC(), Duration.between(Instant.now(), SIMULATOR_TIME)));
    Map<String, Object> properties = serverProperties();
    properties.put("cmp.polling.gateway.base-url", simulator.baseUrl());
    properties.put("cmp.polling.stop-resume.first-backoff", "5ms");
    properties.put("spring.kafka.consumer.properties.group.initial.rebalance.delay.ms", 0);
    properties.putAll(overrides);
    context =
        new SpringApplicationBuilder(HandlersApplication.class)
            .run(InfrastructureProperties.asArguments(properties));
    producer = kafka().producer();
    queues = new QueueProbe(redis());
  }

  @Override
  void stopOnServers() {
    if (producer != null) {
      producer.close();
    }
    if (context != null) {
      context.close();
    }
    if (simulator != null) {
      simulator.close();
    }
  }

  /** Cards, devices, packages and configs in the app's database. */
  public TestData data() {
    return postgres().data();
  }

  /** Where cards sit in the app's polling queues. */
  public QueueProbe queues() {
    return queues;
  }

  /** The card as the app's card store reads it now. */
  public Card card(long id) {
    return bean(CardStore.class).findById(id).orElseThrow();
  }

  /** The status code of a package row now. */
  public int packageStatus(long packageId) {
    return postgres()
        .jdbc()
        .sql("SELECT status FROM tb_package_usage WHERE id = ?")
        .param(packageId)
        .query(Integer.class)
        .single();
  }

  public <T> T bean(Class<T> type) {
    return context.getBean(type);
  }

  /** The app's check of the task type (the check classes are private to their packages). */
  public BatchCheckBody<?> check(TaskType type) {
    for (BatchCheckBody<?> check : context.getBeansOfType(BatchCheckBody.class).values()) {
      if (check.type() == type) {
        return check;
      }
    }
    throw new IllegalStateException("no check of " + type.code());
  }

  public RunningSimulator simulator() {
    return simulator;
  }

  /**
   * Does what the scheduler does: leases the card (as a dequeue would) and publishes its task,
   * carrying that lease.
   */
  public void dispatch(long cardId, TaskType type) {
    dispatchAll(List.of(cardId), type);
  }

  /**
   * Dispatches many cards as {@link #dispatch} does one, waiting for Kafka once at the end rather
   * than after each record: a test that needs the tasks faster than the handlers take them.
   */
  public void dispatchAll(Collection<Long> cardIds, TaskType type) {
    var topic = Topics.checkTasks(type);
    List<Future<RecordMetadata>> sent = new ArrayList<>();
    for (long cardId : cardIds) {
      Instant now = Instant.ofEpochMilli(System.currentTimeMillis());
      Instant leaseUntil = now.plusSeconds(300);
      bean(PollingQueueManager.class).requeue(cardId, type, leaseUntil);
      byte[] task = codec.encode(topic, new CheckTask(cardId, type, now, now, false, leaseUntil));
      sent.add(producer.send(new ProducerRecord<>(topic.name(), Long.toString(cardId), task)));
    }
    for (Future<RecordMetadata> record : sent) {
      try {
        record.get();
      } catch (Exception e) {
        throw new IllegalStateException("could not publish to " + topic.name(), e);
      }
    }
  }

  /**
   * Runs the cards' tasks as one poll of the regular topic, on the calling thread, as a consumer
   * would with the records of one poll: the cards are leased first, as the scheduler would.
   */
  public void runPoll(List<Long> cardIds, TaskType type) {
    var topic = Topics.checkTasks(type);
    Instant now = Instant.now();
    List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
    for (long cardId : cardIds) {
      bean(PollingQueueManager.class).requeue(cardId, type, now.plusSeconds(300));
      records.add(
          new ConsumerRecord<>(
              topic.name(),
              0,
              records.size(),
              Long.toString(cardId),
              codec.encode(topic, new CheckTask(cardId, type, now, now, false))));
    }
    runAll(records, type, check(type));
  }

  private <R> void runAll(
      List<ConsumerRecord<String, byte[]>> records, TaskType type, BatchCheckBody<R> check) {
    bean(CheckRunner.class).runAll(records, type, check);
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
}
