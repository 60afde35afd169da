package com.cmp.polling.operator.admin;

import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * A Redis ACL user of its own for the app under test, so that a test can make real Redis refuse
 * some of the app's commands without touching anyone else's connections.
 */
final class RedisUser {

  private final StringRedisTemplate admin;
  private final String name;
  private final String password;

  private RedisUser(StringRedisTemplate admin, String name, String password) {
    this.admin = admin;
    this.name = name;
    this.password = password;
  }

  /** A user allowed everything, created through {@code admin}'s connection. */
  static RedisUser create(StringRedisTemplate admin) {
    String id = UUID.randomUUID().toString();
    RedisUser user = new RedisUser(admin, "cmp-test-" + id, "pw-" + id);
    user.acl("SETUSER", user.name, "on", ">" + user.password, "allkeys", "allchannels");
    user.allowAll();
    return user;
  }

  String name() {
    return name;
  }

  String password() {
    return password;
  }

  /** From now on, Redis answers these commands with NOPERM. */
  void deny(String... commands) {
    List<String> args = new ArrayList<>(List.of("SETUSER", name));
    for (String command : commands) {
      args.add("-" + command);
    }
    acl(args.toArray(String[]::new));
  }

  void allowAll() {
    acl("SETUSER", name, "allcommands");
  }

  void delete() {
    // DELUSER answers with an integer, which the generic execute() cannot read; SETUSER says OK.
    admin.execute(
        (RedisCallback<Object>)
            connection -> {
              var commands = (RedisClusterAsyncCommands<?, ?>) connection.getNativeConnection();
              return commands.aclDeluser(name).toCompletableFuture().join();
            });
  }

  private void acl(String... args) {
    byte[][] bytes = new byte[args.length][];
    for (int i = 0; i < args.length; i++) {
      bytes[i] = args[i].getBytes(StandardCharsets.UTF_8);
    }
    admin.execute((RedisCallback<Object>) connection -> connection.execute("ACL", bytes));
  }
}
