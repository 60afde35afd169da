package com.cmp.polling.embedded.postgres;

import static org.awaitility.Awaitility.await;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import javax.sql.DataSource;
import org.awaitility.core.ConditionTimeoutException;

/**
 * The lifecycle listener's replication slot. A change committed before its slot streams is never
 * seen (the listener takes no snapshot), so whoever starts a listener and then writes waits here.
 */
public final class ReplicationSlots {

  private static final String ACTIVE =
      "SELECT count(*) FROM pg_replication_slots WHERE slot_name = ? AND active";

  private ReplicationSlots() {}

  /**
   * Returns once the slot {@code slot} streams to its reader, asking every 100 ms.
   *
   * @throws IllegalStateException when it does not within {@code timeout}
   */
  public static void awaitStreaming(DataSource dataSource, String slot, Duration timeout) {
    try {
      await("replication slot " + slot + " streaming")
          .atMost(timeout)
          .pollInterval(Duration.ofMillis(100))
          .until(() -> isActive(dataSource, slot));
    } catch (ConditionTimeoutException e) {
      throw new IllegalStateException(
          "the replication slot " + slot + " is not streaming after " + timeout, e);
    }
  }

  private static boolean isActive(DataSource dataSource, String slot) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement statement = connection.prepareStatement(ACTIVE)) {
      statement.setString(1, slot);
      try (ResultSet rows = statement.executeQuery()) {
        return rows.next() && rows.getLong(1) == 1;
      }
    }
  }
}
