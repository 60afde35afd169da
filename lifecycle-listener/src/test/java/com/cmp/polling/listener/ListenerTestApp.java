package com.cmp.polling.listener;

import static org.awaitility.Awaitility.await;

import com.cmp.polling.autoconfigure.StopResumeAutoConfiguration;
import com.cmp.polling.listener.topology.TopologyRunner;
import com.cmp.polling.testsupport.app.InfrastructureProperties;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.streams.KafkaStreams;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;

/**
 * The listener app on the test class's real servers, with a replication slot of its own. Start it
 * in {@code @BeforeAll} (it returns once the slot streams, the topology runs and the consumer has
 * its partitions), close it in {@code @AfterAll}.
 */
public final class ListenerTestApp implements AutoCloseable {

  private final ConfigurableApplicationContext context;
  private final PostgresExtension postgres;
  private final String slot;

  private ListenerTestApp(
      ConfigurableApplicationContext context, PostgresExtension postgres, String slot) {
    this.context = context;
    this.postgres = postgres;
    this.slot = slot;
  }

  /** A unique slot name (slots are per server, shared by every test database). */
  public static String uniqueSlot() {
    return "it_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  }

  /**
   * Drops the slot unless a connection still streams it: for tests that keep their slot across a
   * restart (slots are per server, and an idle one holds WAL back).
   */
  public static void dropIdleSlot(PostgresExtension postgres, String slot) {
    postgres
        .jdbc()
        .sql(
            "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots"
                + " WHERE slot_name = ? AND NOT active")
        .param(slot)
        .query(Object.class)
        .list();
  }

  /** Drops its slot on stop: for tests that never restart it. */
  public static ListenerTestApp start(
      PostgresExtension postgres,
      RedisExtension redis,
      KafkaExtension kafka,
      Map<String, Object> overrides) {
    Map<String, Object> properties = new HashMap<>(overrides);
    properties.putIfAbsent("cmp.polling.listener.cdc.drop-slot-on-stop", true);
    return start(postgres, redis, kafka, uniqueSlot(), properties);
  }

  public static ListenerTestApp start(
      PostgresExtension postgres,
      RedisExtension redis,
      KafkaExtension kafka,
      String slot,
      Map<String, Object> overrides) {
    Map<String, Object> properties =
        new HashMap<>(InfrastructureProperties.of(postgres, redis, kafka));
    properties.put("cmp.polling.listener.cdc.slot-name", slot);
    properties.put("cmp.polling.listener.cdc.restart-backoff", "1s");
    properties.put("cmp.polling.listener.streams.state-dir", tempDir());
    properties.put("cmp.polling.listener.consumer.retry-backoff", "200ms");
    // stop-resume-service is on the test classpath (the card-actions tests act with it); the
    // listener itself never stops or resumes a card.
    properties.put("spring.autoconfigure.exclude", StopResumeAutoConfiguration.class.getName());
    properties.putAll(overrides);
    ConfigurableApplicationContext context =
        new SpringApplicationBuilder(LifecycleListenerApplication.class)
            .run(InfrastructureProperties.asArguments(properties));
    ListenerTestApp app = new ListenerTestApp(context, postgres, slot);
    try {
      app.awaitReady();
    } catch (RuntimeException e) {
      context.close();
      throw e;
    }
    return app;
  }

  private void awaitReady() {
    await("replication slot " + slot + " streaming")
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                postgres
                        .jdbc()
                        .sql(
                            "SELECT count(*) FROM pg_replication_slots WHERE slot_name = ? AND active")
                        .param(slot)
                        .query(Long.class)
                        .single()
                    == 1);
    for (String topology : List.of("topologyRunner", "cardActionsRunner")) {
      if (context.containsBean(topology)) {
        await(topology + " running")
            .atMost(Duration.ofSeconds(60))
            .until(
                () ->
                    context.getBean(topology, TopologyRunner.class).state()
                        == KafkaStreams.State.RUNNING);
      }
    }
    await("lifecycle consumer assigned")
        .atMost(Duration.ofSeconds(60))
        .until(
            () -> {
              var container =
                  bean(KafkaListenerEndpointRegistry.class)
                      .getListenerContainer("lifecycle-events");
              var assigned = container == null ? null : container.getAssignedPartitions();
              return assigned != null && !assigned.isEmpty();
            });
  }

  public <T> T bean(Class<T> type) {
    return context.getBean(type);
  }

  public String slot() {
    return slot;
  }

  @Override
  public void close() {
    context.close();
  }

  private static String tempDir() {
    try {
      return Files.createTempDirectory("listener-it-streams").toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
