package com.cmp.polling.testsupport.app;

import com.cmp.polling.embedded.process.SpringArguments;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.util.HashMap;
import java.util.Map;

/**
 * Spring Boot properties that point an app under test at the test class's real servers. Start the
 * app in {@code @BeforeAll} and close it in {@code @AfterAll}: JUnit runs those inside the
 * extensions' callbacks, so the app stops before its database and broker go away.
 */
public final class InfrastructureProperties {

  private InfrastructureProperties() {}

  /**
   * The properties as command-line arguments ({@code --name=value}): those outrank the app's
   * application.yml, which properties set as defaults on the SpringApplication would not.
   */
  public static String[] asArguments(Map<String, Object> properties) {
    return SpringArguments.of(properties);
  }

  public static Map<String, Object> of(
      PostgresExtension postgres, RedisExtension redis, KafkaExtension kafka) {
    Map<String, Object> properties = new HashMap<>();
    properties.put("spring.datasource.url", postgres.jdbcUrl());
    properties.put("spring.datasource.username", postgres.server().user());
    properties.put("spring.datasource.password", postgres.server().password());
    properties.putAll(redis.springProperties());
    properties.put("spring.kafka.bootstrap-servers", kafka.bootstrapServers());
    // Tests read topics in order: one partition keeps publishing order visible.
    properties.put("cmp.polling.kafka.partitions", 1);
    properties.put("server.port", 0);
    properties.put("server.address", "127.0.0.1");
    // The actuator runs on a port of its own (the apps' application.yml): a free one here too.
    properties.put("management.server.port", 0);
    properties.put("management.server.address", "127.0.0.1");
    return properties;
  }
}
