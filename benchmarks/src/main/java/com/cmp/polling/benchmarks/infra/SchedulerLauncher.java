package com.cmp.polling.benchmarks.infra;

import com.cmp.polling.autoconfigure.StopResumeAutoConfiguration;
import com.cmp.polling.scheduler.SchedulerApplication;
import java.util.Map;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Starts the real scheduler app (scheduler-service) inside the benchmark JVM, on the benchmark's
 * servers: PostgreSQL (its datasource and Flyway), Redis and the Kafka broker. Package triggers are
 * off (no benchmark measures them); each benchmark adds the settings it needs.
 */
public final class SchedulerLauncher {

  private SchedulerLauncher() {}

  /**
   * @param settings further {@code --name=value} properties, overriding the defaults set here
   */
  public static ConfigurableApplicationContext start(
      BenchmarkPostgres postgres,
      BenchmarkRedis redis,
      BenchmarkKafka kafka,
      Map<String, Object> settings) {
    Map<String, Object> properties = AppArguments.onServers(postgres, redis, kafka);
    properties.put("cmp.polling.scheduler.triggers.enabled", false);
    // A reconcile pass reads every card and queue entry: it has its own benchmark, and here it
    // would land in the middle of a dispatch measurement. The steady run keeps it on (defaults).
    properties.put("cmp.polling.scheduler.reconciler.enabled", false);
    // The other apps' libraries are on the benchmark's classpath, not on the scheduler's own: no
    // stop/resume wiring (gateway, rate limiter, rule switches), as in production.
    properties.put("spring.autoconfigure.exclude", StopResumeAutoConfiguration.class.getName());
    properties.putAll(settings);
    String[] args = AppArguments.of(properties);
    return new SpringApplicationBuilder(SchedulerApplication.class).run(args);
  }
}
