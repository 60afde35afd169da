package com.cmp.polling.scheduler;

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
 * The scheduler app on the test class's real servers. Background activity (loop, initializer,
 * triggers, periodic reconcile passes) is off unless a test turns it on, so that tests drive rounds
 * themselves. Start it in {@code @BeforeAll}, close it in {@code @AfterAll}.
 */
public final class SchedulerTestApp implements AutoCloseable {

  private final ConfigurableApplicationContext context;

  private SchedulerTestApp(ConfigurableApplicationContext context) {
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
    Map<String, Object> properties = properties(postgres, redis, kafka);
    properties.put("cmp.polling.scheduler.enabled", false);
    properties.put("cmp.polling.scheduler.initializer.enabled", false);
    properties.put("cmp.polling.scheduler.triggers.enabled", false);
    properties.put("cmp.polling.scheduler.reconciler.enabled", false);
    properties.putAll(overrides);
    SpringApplicationBuilder builder = new SpringApplicationBuilder(SchedulerApplication.class);
    if (clock != null) {
      builder.initializers(
          context -> context.getBeanFactory().registerSingleton("testClock", clock));
    }
    return new SchedulerTestApp(builder.run(InfrastructureProperties.asArguments(properties)));
  }

  /**
   * The servers' properties for a scheduler: its one web server (the actuator's) on a free port, no
   * management server of its own.
   */
  public static Map<String, Object> properties(
      PostgresExtension postgres, RedisExtension redis, KafkaExtension kafka) {
    Map<String, Object> properties =
        new HashMap<>(InfrastructureProperties.of(postgres, redis, kafka));
    properties.remove("management.server.port");
    properties.remove("management.server.address");
    return properties;
  }

  public ConfigurableApplicationContext context() {
    return context;
  }

  public <T> T bean(Class<T> type) {
    return context.getBean(type);
  }

  /** The actuator's server, the app's only one, e.g. {@code http://127.0.0.1:43122}. */
  public String managementUrl() {
    return "http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port");
  }

  @Override
  public void close() {
    context.close();
  }
}
