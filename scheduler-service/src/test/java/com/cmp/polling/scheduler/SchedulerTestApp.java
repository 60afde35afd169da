package com.cmp.polling.scheduler;

import com.cmp.polling.simulator.GatewaySimulator;
import com.cmp.polling.simulator.RunningSimulator;
import com.cmp.polling.testsupport.app.InfrastructureProperties;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The scheduler app on the test class's real servers, with a gateway simulator. Background activity
 * (loop, initializer, triggers, periodic reconcile passes) is off unless a test turns it on, so
 * that tests drive rounds themselves. Start it in {@code @BeforeAll}, close it in
 * {@code @AfterAll}.
 */
public final class SchedulerTestApp implements AutoCloseable {

  public static final String TOKEN = "test-admin-token";

  private final RunningSimulator simulator;
  private final ConfigurableApplicationContext context;

  private SchedulerTestApp(RunningSimulator simulator, ConfigurableApplicationContext context) {
    this.simulator = simulator;
    this.context = context;
  }

  public static SchedulerTestApp start(
      PostgresExtension postgres,
      RedisExtension redis,
      KafkaExtension kafka,
      Map<String, Object> overrides) {
    return start(postgres, redis, kafka, overrides, null);
  }

  /**
   * {@link #start(PostgresExtension, RedisExtension, KafkaExtension, Map)} with the app's clock
   * (every component's: queues, leases, the reconciler) replaced by {@code clock} unless null.
   */
  public static SchedulerTestApp start(
      PostgresExtension postgres,
      RedisExtension redis,
      KafkaExtension kafka,
      Map<String, Object> overrides,
      Clock clock) {
    RunningSimulator simulator = GatewaySimulator.start();
    Map<String, Object> properties =
        new HashMap<>(InfrastructureProperties.of(postgres, redis, kafka));
    properties.put("cmp.polling.gateway.base-url", simulator.baseUrl());
    properties.put("cmp.polling.scheduler.admin.token", TOKEN);
    properties.put("cmp.polling.scheduler.enabled", false);
    properties.put("cmp.polling.scheduler.initializer.enabled", false);
    properties.put("cmp.polling.scheduler.triggers.enabled", false);
    properties.put("cmp.polling.scheduler.reconciler.enabled", false);
    properties.putAll(overrides);
    try {
      SpringApplicationBuilder builder = new SpringApplicationBuilder(SchedulerApplication.class);
      if (clock != null) {
        builder.initializers(
            context -> context.getBeanFactory().registerSingleton("testClock", clock));
      }
      ConfigurableApplicationContext context =
          builder.run(InfrastructureProperties.asArguments(properties));
      return new SchedulerTestApp(simulator, context);
    } catch (RuntimeException e) {
      simulator.close();
      throw e;
    }
  }

  public <T> T bean(Class<T> type) {
    return context.getBean(type);
  }

  /** e.g. {@code http://127.0.0.1:43121} */
  public String baseUrl() {
    return "http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port");
  }

  /** The actuator's own server, e.g. {@code http://127.0.0.1:43122}. */
  public String managementUrl() {
    return "http://127.0.0.1:" + context.getEnvironment().getProperty("local.management.port");
  }

  public RunningSimulator simulator() {
    return simulator;
  }

  @Override
  public void close() {
    context.close();
    simulator.close();
  }
}
