package com.cmp.polling.demo.infra;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where the pipeline's servers answer: PostgreSQL (with logical replication), Redis and Kafka.
 *
 * @param redisDatabase the Redis logical database the apps use (0 unless the server is shared)
 */
public record Endpoints(
    String jdbcUrl,
    String dbUser,
    String dbPassword,
    String redisHost,
    int redisPort,
    int redisDatabase,
    String kafkaBootstrapServers) {

  /** The Spring Boot properties that point an app at these servers. */
  public Map<String, Object> springProperties() {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put("spring.datasource.url", jdbcUrl);
    properties.put("spring.datasource.username", dbUser);
    properties.put("spring.datasource.password", dbPassword);
    properties.put("spring.data.redis.host", redisHost);
    properties.put("spring.data.redis.port", redisPort);
    properties.put("spring.data.redis.database", redisDatabase);
    properties.put("spring.kafka.bootstrap-servers", kafkaBootstrapServers);
    return properties;
  }
}
