package com.cmp.polling.benchmarks.infra;

import com.cmp.polling.embedded.process.SpringArguments;
import java.util.LinkedHashMap;
import java.util.Map;

/** Command-line properties that point an app of the pipeline at the benchmark's servers. */
public final class AppArguments {

  private AppArguments() {}

  /**
   * PostgreSQL, Redis and Kafka of this benchmark, and random HTTP ports (API and management); add
   * to it freely.
   */
  public static Map<String, Object> onServers(
      BenchmarkPostgres postgres, BenchmarkRedis redis, BenchmarkKafka kafka) {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put("spring.datasource.url", postgres.jdbcUrl());
    properties.put("spring.datasource.username", "postgres");
    properties.put("spring.datasource.password", "");
    properties.put("spring.data.redis.host", "127.0.0.1");
    properties.put("spring.data.redis.port", redis.port());
    properties.put("spring.kafka.bootstrap-servers", kafka.bootstrapServers());
    properties.put("server.port", 0);
    properties.put("management.server.port", 0);
    return properties;
  }

  /** The properties as {@code --name=value} arguments for SpringApplication. */
  public static String[] of(Map<String, Object> properties) {
    return SpringArguments.of(properties);
  }
}
