package com.cmp.polling.autoconfigure;

import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Defaults for the pool of dedicated Redis connections, added below every other property source
 * (any {@code spring.data.redis.lettuce.pool.*} setting wins). Ordinary commands share one
 * connection; pipelines need a connection of their own, and Spring Boot's default pool (8, waiting
 * forever) is small for the check handlers' dozens of workers. A pipeline that cannot get a
 * connection within 5 s fails with an error instead of hanging its thread.
 */
public class RedisPoolDefaults implements EnvironmentPostProcessor {

  static final String SOURCE_NAME = "cmpPollingRedisPoolDefaults";

  @Override
  public void postProcessEnvironment(
      ConfigurableEnvironment environment, SpringApplication application) {
    environment
        .getPropertySources()
        .addLast(
            new MapPropertySource(
                SOURCE_NAME,
                Map.of(
                    "spring.data.redis.lettuce.pool.max-active", "32",
                    "spring.data.redis.lettuce.pool.max-idle", "32",
                    "spring.data.redis.lettuce.pool.min-idle", "0",
                    "spring.data.redis.lettuce.pool.max-wait", "5s")));
  }
}
