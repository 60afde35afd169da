package com.cmp.polling.benchmarks.infra;

import com.cmp.polling.embedded.redis.EmbeddedRedisServer;
import java.io.IOException;
import java.util.Properties;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The Redis a benchmark measures: a running server given by port, or an embedded redis-server (the
 * real binary shipped in a jar) started on a free port without persistence.
 */
public final class BenchmarkRedis implements AutoCloseable {

  private final int port;
  private final EmbeddedRedisServer embedded;
  private final LettuceConnectionFactory factory;
  private final StringRedisTemplate template;

  private BenchmarkRedis(int port, EmbeddedRedisServer embedded) {
    this.port = port;
    this.embedded = embedded;
    factory = new LettuceConnectionFactory(new RedisStandaloneConfiguration("127.0.0.1", port));
    factory.afterPropertiesSet();
    factory.start();
    template = new StringRedisTemplate(factory);
  }

  /** The server on {@code port} when positive, else a fresh embedded one. */
  public static BenchmarkRedis start(int port) throws IOException {
    if (port > 0) {
      return new BenchmarkRedis(port, null);
    }
    EmbeddedRedisServer server = EmbeddedRedisServer.startOnFreePort();
    return new BenchmarkRedis(server.port(), server);
  }

  public StringRedisTemplate template() {
    return template;
  }

  public int port() {
    return port;
  }

  public String describe() {
    return (embedded != null ? "embedded redis-server " : "redis-server ")
        + info("server").getProperty("redis_version")
        + " on 127.0.0.1:"
        + port;
  }

  public long usedMemory() {
    return Long.parseLong(info("memory").getProperty("used_memory"));
  }

  public void flushAll() {
    template.execute(
        (RedisCallback<Object>)
            c -> {
              c.serverCommands().flushAll();
              return null;
            });
  }

  /** One section of INFO (server, memory, cpu, stats, commandstats, keyspace, ...). */
  public Properties info(String section) {
    Properties info =
        template.execute((RedisCallback<Properties>) c -> c.serverCommands().info(section));
    if (info == null) {
      throw new IllegalStateException("INFO " + section + " returned nothing");
    }
    return info;
  }

  @Override
  public void close() {
    factory.destroy();
    if (embedded != null) {
      embedded.close();
    }
  }
}
