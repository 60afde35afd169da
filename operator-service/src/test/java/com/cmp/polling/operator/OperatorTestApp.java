package com.cmp.polling.operator;

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
 * The operator app on the test class's real servers, with a gateway simulator as the carrier. Start
 * it in {@code @BeforeAll}, close it in {@code @AfterAll}; a test that needs the scheduling loop,
 * or a scheduler to carry out a request, starts a {@link SchedulerBeside} too.
 */
public final class OperatorTestApp implements AutoCloseable {

  public static final String TOKEN = "test-admin-token";

  private final RunningSimulator simulator;
  private final ConfigurableApplicationContext context;

  private OperatorTestApp(RunningSimulator simulator, ConfigurableApplicationContext context) {
    this.simulator = simulator;
    this.context = context;
  }

  public static OperatorTestApp start(
      PostgresExtension postgres,
      RedisExtension redis,
      KafkaExtension kafka,
      Map<String, Object> overrides) {
    return start(postgres, redis, kafka, overrides, null);
  }

  /** With the app's clock replaced by {@code clock} unless null. */
  public static OperatorTestApp start(
      PostgresExtension postgres,
      RedisExtension redis,
      KafkaExtension kafka,
      Map<String, Object> overrides,
      Clock clock) {
    RunningSimulator simulator = GatewaySimulator.start();
    Map<String, Object> properties =
        new HashMap<>(InfrastructureProperties.of(postgres, redis, kafka));
    properties.put("cmp.polling.gateway.base-url", simulator.baseUrl());
    properties.put("cmp.polling.operator.admin.token", TOKEN);
    properties.putAll(overrides);
    try {
      SpringApplicationBuilder builder = new SpringApplicationBuilder(OperatorApplication.class);
      if (clock != null) {
        builder.initializers(
            context -> context.getBeanFactory().registerSingleton("testClock", clock));
      }
      return new OperatorTestApp(
          simulator, builder.run(InfrastructureProperties.asArguments(properties)));
    } catch (RuntimeException e) {
      simulator.close();
      throw e;
    }
  }

  public <T> T bean(Class<T> type) {
    return context.getBean(type);
  }

  public ConfigurableApplicationContext context() {
    return context;
  }

  /** The console and the API, e.g. {@code http://127.0.0.1:43121}. */
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
