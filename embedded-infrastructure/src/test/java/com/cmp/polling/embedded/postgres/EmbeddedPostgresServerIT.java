package com.cmp.polling.embedded.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class EmbeddedPostgresServerIT {

  static EmbeddedPostgresServer postgres;

  @BeforeAll
  static void start() {
    postgres = EmbeddedPostgresServer.builder().setting("fsync", "off").start();
  }

  @AfterAll
  static void stop() {
    postgres.close();
  }

  @Test
  void server_decodesLogically_andCommitsSynchronously_asTheListenerNeeds() throws SQLException {
    assertThat(show("wal_level")).isEqualTo("logical");
    assertThat(show("synchronous_commit")).isEqualTo("on");
    assertThat(Integer.parseInt(show("max_replication_slots"))).isGreaterThanOrEqualTo(20);
  }

  @Test
  void builderSetting_reachesTheServer() throws SQLException {
    assertThat(show("fsync")).isEqualTo("off");
  }

  @Test
  void jdbcUrl_userAndPassword_connect_likeTheDataSource() throws SQLException {
    try (Connection byUrl =
            DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(), postgres.password());
        Connection byDataSource = postgres.dataSource().getConnection()) {
      assertThat(byUrl.getCatalog()).isEqualTo(postgres.maintenanceDatabase());
      assertThat(byDataSource.getCatalog()).isEqualTo(postgres.maintenanceDatabase());
    }
  }

  private static String show(String setting) throws SQLException {
    try (Connection connection = postgres.dataSource().getConnection();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SHOW " + setting)) {
      rows.next();
      return rows.getString(1);
    }
  }
}
