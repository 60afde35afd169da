package com.cmp.polling.scaleout.apps;

import com.cmp.polling.autoconfigure.StopResumeAutoConfiguration;
import com.cmp.polling.handlers.HandlersApplication;
import com.cmp.polling.listener.LifecycleListenerApplication;
import com.cmp.polling.scheduler.SchedulerApplication;
import com.cmp.polling.testsupport.app.InfrastructureProperties;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.Banner;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * Starts instances of the three services in this JVM, each its own Spring application context on
 * the test class's real servers, as many of each as a test wants. Every setting is an argument: the
 * apps share one classpath, where their application.yml files would shadow one another, so none is
 * read (as in the demo's PipelineApps).
 */
public final class AppLauncher {

  private static final Logger log = LoggerFactory.getLogger(AppLauncher.class);

  private final Map<String, Object> common;

  private AppLauncher(Map<String, Object> common) {
    this.common = common;
  }

  /**
   * @param gatewayUrl the carrier gateway (a simulator) of the handlers; null when only listeners
   *     are started (they never call it)
   */
  public static AppLauncher of(
      PostgresExtension postgres, RedisExtension redis, KafkaExtension kafka, String gatewayUrl) {
    Map<String, Object> common =
        new LinkedHashMap<>(InfrastructureProperties.of(postgres, redis, kafka));
    common.put("spring.config.name", "cmp-scale-out-no-file");
    common.put("spring.main.banner-mode", "off");
    if (gatewayUrl != null) {
      common.put("cmp.polling.gateway.base-url", gatewayUrl);
    }
    common.put("management.endpoints.web.exposure.include", "health,prometheus");
    return new AppLauncher(common);
  }

  /** The same launcher, with these properties for every app it starts from now on. */
  public AppLauncher with(Map<String, Object> properties) {
    Map<String, Object> more = new LinkedHashMap<>(common);
    more.putAll(properties);
    return new AppLauncher(more);
  }

  /** A scheduler-service instance: loop, initializer, triggers as the properties say. */
  public RunningApp scheduler(String name, Map<String, Object> overrides) {
    Map<String, Object> properties = new LinkedHashMap<>(common);
    // stop-resume-service is on this classpath for the other apps, not on the scheduler's own.
    properties.put("spring.autoconfigure.exclude", StopResumeAutoConfiguration.class.getName());
    properties.putAll(overrides);
    return start(SchedulerApplication.class, name, properties);
  }

  /** A check-handlers instance. */
  public RunningApp handlers(String name, Map<String, Object> overrides) {
    Map<String, Object> properties = new LinkedHashMap<>(common);
    properties.putAll(overrides);
    return start(HandlersApplication.class, name, properties);
  }

  /**
   * A lifecycle-listener instance with a Kafka Streams state folder of its own. The caller gives
   * the slot ({@code cmp.polling.listener.cdc.slot-name}) or switches the engine off.
   */
  public RunningApp listener(String name, Map<String, Object> overrides) {
    Map<String, Object> properties = new LinkedHashMap<>(common);
    properties.put("cmp.polling.listener.cdc.restart-backoff", "1s");
    properties.put("cmp.polling.listener.consumer.retry-backoff", "200ms");
    properties.put("cmp.polling.listener.streams.state-dir", tempDir(name));
    // stop-resume-service is on this classpath for the other apps; the listener never acts.
    properties.put("spring.autoconfigure.exclude", StopResumeAutoConfiguration.class.getName());
    properties.putAll(overrides);
    return start(LifecycleListenerApplication.class, name, properties);
  }

  private static RunningApp start(Class<?> app, String name, Map<String, Object> properties) {
    properties.put("spring.application.name", name);
    var context =
        new SpringApplicationBuilder(app)
            .bannerMode(Banner.Mode.OFF)
            .logStartupInfo(false)
            .run(InfrastructureProperties.asArguments(properties));
    log.info("{} started", name);
    return new RunningApp(name, context);
  }

  private static String tempDir(String name) {
    try {
      return Files.createTempDirectory("scale-out-" + name + "-streams").toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
