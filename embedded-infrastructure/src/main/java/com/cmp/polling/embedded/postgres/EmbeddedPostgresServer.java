package com.cmp.polling.embedded.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real PostgreSQL 14 server process (zonky's binaries, unpacked to a temporary folder on first
 * use) on a free port, set up as the pipeline needs it: logical decoding for the lifecycle
 * listener's replication slot, and {@code synchronous_commit=on} so that a commit reaches the slot
 * at once. Its data lives in a throw-away folder that {@link #close()} deletes.
 *
 * <pre>{@code
 * try (var postgres = EmbeddedPostgresServer.builder().setting("fsync", "off").start()) { ... }
 * }</pre>
 */
public final class EmbeddedPostgresServer implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresServer.class);
  private static final String MAINTENANCE_DATABASE = "postgres";
  private static final String USER = "postgres";

  private final EmbeddedPostgres postgres;

  private EmbeddedPostgresServer(EmbeddedPostgres postgres) {
    this.postgres = postgres;
  }

  /** Server settings that start as the pipeline needs them; add or replace any. */
  public static Builder builder() {
    return new Builder();
  }

  /** The server with the default settings. */
  public static EmbeddedPostgresServer start() {
    return builder().start();
  }

  public String host() {
    return "localhost";
  }

  public int port() {
    return postgres.getPort();
  }

  public String user() {
    return USER;
  }

  /** Empty: the server trusts local connections. */
  public String password() {
    return "";
  }

  /** The database the server starts with ({@code postgres}). */
  public String maintenanceDatabase() {
    return MAINTENANCE_DATABASE;
  }

  public String jdbcUrl(String database) {
    return "jdbc:postgresql://" + host() + ":" + port() + "/" + database;
  }

  /** The URL of the {@link #maintenanceDatabase()}. */
  public String jdbcUrl() {
    return jdbcUrl(MAINTENANCE_DATABASE);
  }

  /** Connections to the {@link #maintenanceDatabase()}, unpooled. */
  public DataSource dataSource() {
    return postgres.getPostgresDatabase();
  }

  /** Stops the server and deletes its data. */
  @Override
  public void close() {
    try {
      postgres.close();
    } catch (IOException e) {
      throw new UncheckedIOException("embedded PostgreSQL did not stop cleanly", e);
    }
  }

  /** The server's settings ({@code postgresql.conf} names); {@link #start()} starts it. */
  public static final class Builder {

    private final Map<String, String> settings = new LinkedHashMap<>();

    private Builder() {
      // The lifecycle listener (Debezium) reads changes through a logical replication slot; tests
      // and benchmarks run several listeners, each with a slot and a WAL sender of its own.
      settings.put("wal_level", "logical");
      settings.put("max_replication_slots", "20");
      settings.put("max_wal_senders", "20");
      // zonky turns it off by default; then WAL reaches a slot only every ~200 ms.
      settings.put("synchronous_commit", "on");
      // Every app of the pipeline holds a pool of its own.
      settings.put("max_connections", "300");
    }

    /** Adds or replaces a server setting, e.g. {@code fsync=off} where crash safety is moot. */
    public Builder setting(String name, String value) {
      settings.put(name, value);
      return this;
    }

    public EmbeddedPostgresServer start() {
      long started = System.nanoTime();
      try {
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
        settings.forEach(builder::setServerConfig);
        EmbeddedPostgresServer server = new EmbeddedPostgresServer(builder.start());
        log.info(
            "embedded PostgreSQL on port {} in {} ms",
            server.port(),
            (System.nanoTime() - started) / 1_000_000);
        return server;
      } catch (IOException e) {
        throw new UncheckedIOException("could not start embedded PostgreSQL", e);
      }
    }
  }
}
