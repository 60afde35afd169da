package com.cmp.polling.demo;

import com.cmp.polling.demo.infra.Endpoints;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;

/** The endpoints of a test class's own servers, for the pipeline it starts on them. */
public final class TestEndpoints {

  private TestEndpoints() {}

  public static Endpoints of(
      PostgresExtension postgres, RedisExtension redis, KafkaExtension kafka) {
    return new Endpoints(
        postgres.jdbcUrl(),
        postgres.server().user(),
        postgres.server().password(),
        redis.host(),
        redis.port(),
        redis.database(),
        kafka.bootstrapServers());
  }
}
