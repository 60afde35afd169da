package com.cmp.polling.benchmarks.cdc;

import com.cmp.polling.benchmarks.infra.AppArguments;
import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.benchmarks.infra.BenchmarkPostgres;
import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.embedded.postgres.ReplicationSlots;
import com.cmp.polling.listener.LifecycleListenerApplication;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** Starts the lifecycle listener on the benchmark's servers and waits until its slot streams. */
final class ListenerLauncher {

  static final String SLOT = "cmp_bench_lifecycle";

  private ListenerLauncher() {}

  static ConfigurableApplicationContext start(
      BenchmarkPostgres postgres, BenchmarkRedis redis, BenchmarkKafka kafka) throws Exception {
    Map<String, Object> properties = AppArguments.onServers(postgres, redis, kafka);
    // stop-resume-service is on this jar's classpath (through the scheduler): give it a gateway.
    properties.put("cmp.polling.gateway.base-url", "http://127.0.0.1:9");
    properties.put("cmp.polling.listener.cdc.slot-name", SLOT);
    properties.put("cmp.polling.listener.cdc.drop-slot-on-stop", true);
    properties.put(
        "cmp.polling.listener.streams.state-dir",
        Files.createTempDirectory("cmp-bench-streams").toString());
    String[] args = AppArguments.of(properties);
    ConfigurableApplicationContext app =
        new SpringApplicationBuilder(LifecycleListenerApplication.class).run(args);
    ReplicationSlots.awaitStreaming(postgres.dataSource(), SLOT, Duration.ofSeconds(120));
    return app;
  }
}
