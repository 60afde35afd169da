package com.cmp.polling.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.testsupport.redis.RedisExtension;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.core.script.DefaultRedisScript;

class RedisExtensionIT {

  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  @Test
  void luaScript_runsOnTheRealServer_andSeesKeysAndArguments() {
    var template = redis.template();
    template.opsForZSet().add("probe:zset", "a", 1);
    template.opsForZSet().add("probe:zset", "b", 5);
    var script =
        new DefaultRedisScript<>(
            "return redis.call('ZCOUNT', KEYS[1], '-inf', ARGV[1])", Long.class);

    Long due = template.execute(script, List.of("probe:zset"), "3");

    assertThat(due).isEqualTo(1L);
  }

  @Test
  void testClass_usesANonDefaultDatabase_thatStartsEmpty() {
    assertThat(redis.database()).isBetween(1, 15);
    assertThat(template().keys("polling:*")).isEmpty();
  }

  private static org.springframework.data.redis.core.StringRedisTemplate template() {
    return redis.template();
  }
}
