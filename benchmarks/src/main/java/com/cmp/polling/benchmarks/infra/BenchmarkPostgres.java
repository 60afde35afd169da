package com.cmp.polling.benchmarks.infra;

import com.cmp.polling.embedded.postgres.EmbeddedPostgresServer;
import com.cmp.polling.embedded.postgres.Migrations;
import java.io.IOException;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * An embedded PostgreSQL 14 (a real server process, {@link EmbeddedPostgresServer}) with logical
 * decoding on and synchronous_commit on, as the pipeline needs it; the schema comes from the
 * project's Flyway migrations. Seeds the fleets the benchmarks measure.
 */
public final class BenchmarkPostgres implements AutoCloseable {

  private final EmbeddedPostgresServer postgres;

  private BenchmarkPostgres(EmbeddedPostgresServer postgres) {
    this.postgres = postgres;
  }

  public static BenchmarkPostgres start() throws IOException {
    // More shared buffers than PostgreSQL's 128 MB: the large fleets' tables stay in memory.
    BenchmarkPostgres server =
        new BenchmarkPostgres(
            EmbeddedPostgresServer.builder().setting("shared_buffers", "256MB").start());
    Migrations.apply(server.dataSource());
    return server;
  }

  public DataSource dataSource() {
    return postgres.dataSource();
  }

  public JdbcClient jdbc() {
    return JdbcClient.create(dataSource());
  }

  public String jdbcUrl() {
    return postgres.jdbcUrl();
  }

  /**
   * Inserts {@code count} cards: one in ten in a device (ten cards per device), one in twenty with
   * polling disabled, a third not verified, each with a package.
   */
  public void seedCards(int count) {
    JdbcClient jdbc = jdbc();
    int devices = count / 100;
    jdbc.sql("INSERT INTO tb_device (device_no) SELECT 'BENCH-' || g FROM generate_series(1, ?) g")
        .param(devices)
        .update();
    jdbc.sql(
            """
            INSERT INTO tb_iot_card (iccid, carrier_id, carrier_type, real_name_status,
                enable_polling, device_id)
            SELECT '8986' || lpad(g::text, 16, '0'), 1 + g % 3, 'CMCC',
                   CASE WHEN g % 3 = 0 THEN 0 ELSE 1 END,
                   g % 20 <> 0,
                   CASE WHEN g % 10 = 0 AND ? > 0 THEN 1 + (g / 10) % ? END
            FROM generate_series(1, ?) g
            """)
        .params(devices, Math.max(devices, 1), count)
        .update();
    jdbc.sql(
            """
            INSERT INTO tb_package_usage (iot_card_id, status, data_limit_mb, data_usage_mb)
            SELECT id, 1, 10240, 0 FROM tb_iot_card WHERE device_id IS NULL
            """)
        .update();
    jdbc.sql("ANALYZE").update();
  }

  /**
   * {@code count} cards in the steady state a check meets most often: real-name verified, polled,
   * one active 10 GB package each; every tenth card sits in a device (10 cards per device), which
   * holds the package its cards share.
   */
  public void seedSteadyCards(int count) {
    JdbcClient jdbc = jdbc();
    int devices = Math.max(count / 100, 1);
    jdbc.sql("INSERT INTO tb_device (device_no) SELECT 'BENCH-' || g FROM generate_series(1, ?) g")
        .param(devices)
        .update();
    jdbc.sql(
            """
            INSERT INTO tb_iot_card (iccid, carrier_id, carrier_type, real_name_status,
                enable_polling, device_id, current_month_start_date)
            SELECT '8986' || lpad(g::text, 16, '0'), 1 + g % 3, 'CMCC', 1, true,
                   CASE WHEN g % 10 = 0 THEN 1 + (g / 10) % ? END,
                   -- already counting this month (the gateway's months are UTC): no month change
                   date_trunc('month', now() AT TIME ZONE 'UTC')::date
            FROM generate_series(1, ?) g
            """)
        .params(devices, count)
        .update();
    jdbc.sql(
            """
            INSERT INTO tb_package_usage (iot_card_id, status, data_limit_mb, data_usage_mb)
            SELECT id, 1, 10240, 0 FROM tb_iot_card WHERE device_id IS NULL
            """)
        .update();
    jdbc.sql(
            """
            INSERT INTO tb_package_usage (device_id, status, data_limit_mb, data_usage_mb)
            SELECT id, 1, 102400, 0 FROM tb_device
            """)
        .update();
    jdbc.sql("ANALYZE").update();
  }

  @Override
  public void close() throws IOException {
    postgres.close();
  }
}
