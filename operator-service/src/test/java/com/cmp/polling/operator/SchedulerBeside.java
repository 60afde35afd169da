package com.cmp.polling.operator;

import com.cmp.polling.autoconfigure.StopResumeAutoConfiguration;
import com.cmp.polling.scheduler.SchedulerApplication;
import com.cmp.polling.testsupport.app.InfrastructureProperties;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A scheduler app beside the operator app, on the same servers, for the tests whose operator
 * surface shows what the loop did, or asks a scheduler to carry something out. Its background work
 * (loop, initializer, triggers, periodic reconcile passes) is off unless a test turns it on; it
 * takes the operator's requests whatever its settings.
 */
public final class SchedulerBeside implements AutoCloseable {

  static final String STOP_RESUME_WIRING = StopResumeAutoConfiguration.class.getName();

  private final ConfigurableApplicationContext context;

  private SchedulerBeside(ConfigurableApplicationContext context) {
    this.context = context;
  }

  public static SchedulerBeside start(
      PostgresExtension postgres,
      RedisExtension redis,
      KafkaExtension kafka,
      Map<String, Object> overrides) {
    Map<String, Object> properties =
        new HashMap<>(InfrastructureProperties.of(postgres, redis, kafka));
    // The scheduler's one web server is the actuator's.
    properties.remove("management.server.port");
    properties.remove("management.server.address");
    properties.put("spring.application.name", "scheduler-service");
    // On the operator's classpath its application.yml would be read: none is.
    properties.put("spring.config.name", "cmp-scheduler-beside-no-file");
    properties.put("management.endpoints.web.exposure.include", "health,info,prometheus,metrics");
    // stop-resume-service is on this classpath (the operator's), not on the scheduler's own: leave
    // its wiring out, as in production.
    properties.put("spring.autoconfigure.exclude", STOP_RESUME_WIRING);
    properties.put("cmp.polling.scheduler.enabled", false);
    properties.put("cmp.polling.scheduler.initializer.enabled", false);
    properties.put("cmp.polling.scheduler.triggers.enabled", false);
    properties.put("cmp.polling.scheduler.reconciler.enabled", false);
    properties.putAll(overrides);
    return new SchedulerBeside(
        new SpringApplicationBuilder(SchedulerApplication.class)
            .run(InfrastructureProperties.asArguments(properties)));
  }

  public <T> T bean(Class<T> type) {
    return context.getBean(type);
  }

  /** Its one web server, the actuator's, e.g. {@code http://127.0.0.1:43122}. */
  public String managementUrl() {
    return "http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port");
  }

  @Override
  public void close() {
    context.close();
  }
}
