package com.cmp.polling.demo.fleet;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Compares every live demo card's row with what its {@link CardKind} says the rules must have done:
 * stopped with the right reason, resumed, or left as it was.
 *
 * @param checked live cards compared
 * @param settled cards whose row is what their kind expects
 * @param unsettled the others, described ("card 21 (NO_PACKAGE): online, expected stopped for
 *     no_package"), at most 20
 */
public record FleetVerdict(int checked, int settled, List<String> unsettled) {

  public static FleetVerdict of(DataSource dataSource, int fleetSize) {
    List<String> unsettled = new ArrayList<>();
    int[] counts = new int[2];
    JdbcClient.create(dataSource)
        .sql(
            "SELECT id, network_status, stop_reason FROM tb_iot_card"
                + " WHERE id <= ? AND deleted_at IS NULL ORDER BY id")
        .param(fleetSize)
        .query(
            rs -> {
              long id = rs.getLong("id");
              boolean online = rs.getInt("network_status") == 1;
              String reason = rs.getString("stop_reason");
              CardKind kind = CardKind.of(id);
              counts[0]++;
              if (matches(kind, online, reason)) {
                counts[1]++;
              } else if (unsettled.size() < 20) {
                unsettled.add(describe(id, kind, online, reason));
              }
            });
    return new FleetVerdict(counts[0], counts[1], List.copyOf(unsettled));
  }

  static boolean matches(CardKind kind, boolean online, String reason) {
    return switch (kind.outcome()) {
      case STOPPED -> !online && Objects.equals(kind.stopReason(), reason);
      case RESUMED -> online && reason == null;
      // Left as seeded: stopped manually stays stopped, everything else stays online.
      case UNTOUCHED, NOT_POLLED ->
          kind == CardKind.STOPPED_MANUALLY ? !online && "manual".equals(reason) : online;
    };
  }

  private static String describe(long id, CardKind kind, boolean online, String reason) {
    String expected =
        switch (kind.outcome()) {
          case STOPPED -> "stopped for " + kind.stopReason();
          case RESUMED -> "resumed";
          case UNTOUCHED, NOT_POLLED -> "left as it was";
        };
    String actual = online ? "online" : "stopped for " + reason;
    return "card " + id + " (" + kind + "): " + actual + ", expected " + expected;
  }

  public boolean allSettled() {
    return settled == checked;
  }
}
