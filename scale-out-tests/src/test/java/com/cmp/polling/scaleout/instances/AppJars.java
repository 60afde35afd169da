package com.cmp.polling.scaleout.instances;

import com.cmp.polling.testsupport.app.AppProcess;
import com.cmp.polling.testsupport.app.InfrastructureProperties;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Starts the apps' executable jars as processes of their own on the test class's servers, so that a
 * test can kill one (SIGKILL) while the others go on. The jars are the ones the app modules
 * packaged before this module's integration tests ran (their folders come from Failsafe's system
 * properties {@code cmp.test.jars.<app>}). Each instance gets free API and management ports (the
 * infrastructure properties ask for port 0, {@link AppProcess} for a free management port), a log
 * of its own in {@code target/<name>.log}, and the instance id the caller gives.
 */
final class AppJars {

  /** The operator app's bearer token for /api/** in this test. */
  static final String ADMIN_TOKEN = "multi-instance-token";

  private final Map<String, Object> common;

  AppJars(
      PostgresExtension postgres,
      RedisExtension redis,
      KafkaExtension kafka,
      String gatewayUrl,
      Map<String, Object> shared) {
    common = new LinkedHashMap<>(InfrastructureProperties.of(postgres, redis, kafka));
    common.put("cmp.polling.gateway.base-url", gatewayUrl);
    common.put("spring.main.banner-mode", "off");
    common.putAll(shared);
  }

  AppProcess scheduler(String name, Map<String, Object> overrides) {
    Map<String, Object> properties = new LinkedHashMap<>(common);
    properties.putAll(overrides);
    return AppProcess.start(jar("scheduler"), properties, name);
  }

  /** An operator app whose console and API answer on {@code apiPort}. */
  AppProcess operator(String name, int apiPort) {
    Map<String, Object> properties = new LinkedHashMap<>(common);
    properties.put("cmp.polling.operator.admin.token", ADMIN_TOKEN);
    properties.put("server.port", apiPort);
    return AppProcess.start(jar("operator"), properties, name);
  }

  AppProcess handlers(String name, Map<String, Object> overrides) {
    Map<String, Object> properties = new LinkedHashMap<>(common);
    properties.put("cmp.polling.handlers.instance-id", name);
    properties.putAll(overrides);
    return AppProcess.start(jar("handlers"), properties, name);
  }

  AppProcess listener(String name, Map<String, Object> overrides) {
    Map<String, Object> properties = new LinkedHashMap<>(common);
    properties.put("cmp.polling.listener.instance-id", name);
    properties.put("cmp.polling.listener.streams.state-dir", tempDir(name));
    properties.putAll(overrides);
    return AppProcess.start(jar("listener"), properties, name);
  }

  private static Path jar(String app) {
    String folder = System.getProperty("cmp.test.jars." + app);
    if (folder == null) {
      throw new IllegalStateException(
          "system property cmp.test.jars." + app + " not set: run the test through Failsafe");
    }
    try (Stream<Path> files = Files.list(Paths.get(folder))) {
      return files
          .filter(file -> file.getFileName().toString().endsWith("-exec.jar"))
          .findFirst()
          .orElseThrow(
              () ->
                  new IllegalStateException(
                      "no *-exec.jar in " + folder + ": package the app modules first (-am)"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String tempDir(String name) {
    try {
      return Files.createTempDirectory("multi-instance-" + name + "-streams").toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
