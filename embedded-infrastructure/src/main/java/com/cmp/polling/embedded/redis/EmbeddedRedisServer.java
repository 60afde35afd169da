package com.cmp.polling.embedded.redis;

import com.cmp.polling.embedded.process.FreePorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.embedded.RedisServer;

/**
 * A real redis-server process (6.2, the binary embedded-redis ships in its jar) on 127.0.0.1,
 * without persistence: no dump.rdb left behind, no fork for snapshots. Alone, or as a master of an
 * {@link EmbeddedRedisCluster}.
 */
public final class EmbeddedRedisServer implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(EmbeddedRedisServer.class);

  private final RedisServer server;
  private final int port;

  private EmbeddedRedisServer(RedisServer server, int port) {
    this.server = server;
    this.port = port;
  }

  /** A server on a free port. */
  public static EmbeddedRedisServer startOnFreePort() {
    return start(FreePorts.free());
  }

  /** A server on {@code port}. */
  public static EmbeddedRedisServer start(int port) {
    return start(port, List.of());
  }

  /**
   * A cluster-enabled server on {@code port}, which writes its node file to {@code nodeFile}.
   *
   * @param nodeTimeout how long a node may stay silent before the others call it failed; a master
   *     turns its state ok only after min(node timeout, 5 s)
   */
  static EmbeddedRedisServer startClusterNode(int port, Path nodeFile, Duration nodeTimeout) {
    return start(
        port,
        List.of(
            "cluster-enabled yes",
            "cluster-config-file " + nodeFile,
            "cluster-node-timeout " + nodeTimeout.toMillis()));
  }

  private static EmbeddedRedisServer start(int port, List<String> settings) {
    try {
      var builder =
          RedisServer.newRedisServer()
              .port(port)
              .bind("127.0.0.1")
              .setting("save \"\"")
              .setting("appendonly no");
      settings.forEach(builder::setting);
      RedisServer server = builder.build();
      server.start();
      log.debug("redis-server on 127.0.0.1:{}", port);
      return new EmbeddedRedisServer(server, port);
    } catch (IOException e) {
      throw new UncheckedIOException("could not start redis-server on port " + port, e);
    }
  }

  public String host() {
    return "127.0.0.1";
  }

  public int port() {
    return port;
  }

  @Override
  public void close() {
    try {
      server.stop();
    } catch (IOException e) {
      throw new UncheckedIOException("redis-server on port " + port + " did not stop cleanly", e);
    }
  }
}
