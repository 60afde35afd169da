package com.cmp.polling.operator.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.testsupport.net.Ports;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The operator app's readiness check on real stores: it holds while PostgreSQL and Redis answer,
 * and not with a Redis that nobody serves (a port nothing listens on).
 */
class StoresReachableIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.empty();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  @Test
  void holdsWhileBothStoresAnswer_notWhenRedisIsAway() {
    assertThat(new StoresReachable(postgres.dataSource(), redis.connectionFactory()).ready())
        .isTrue();

    LettuceConnectionFactory away =
        new LettuceConnectionFactory(
            new RedisStandaloneConfiguration("127.0.0.1", Ports.free()),
            LettuceClientConfiguration.builder().commandTimeout(Duration.ofSeconds(1)).build());
    away.afterPropertiesSet();
    away.start();
    try {
      StoresReachable check = new StoresReachable(postgres.dataSource(), away);
      assertThat(check.ready()).isFalse();
      assertThat(check.waitingFor()).contains("PostgreSQL and Redis");
    } finally {
      away.destroy();
    }
  }
}
