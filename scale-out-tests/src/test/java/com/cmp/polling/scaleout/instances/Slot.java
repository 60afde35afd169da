package com.cmp.polling.scaleout.instances;

import static org.awaitility.Awaitility.await;

import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.time.Duration;

/** The replication slot the listeners share, as PostgreSQL reports it. */
final class Slot {

  private Slot() {}

  /** Connections streaming the slot now: 0 or 1. */
  static long streamers(PostgresExtension postgres, String slot) {
    return postgres
        .jdbc()
        .sql("SELECT count(*) FROM pg_replication_slots WHERE slot_name = ? AND active")
        .param(slot)
        .query(Long.class)
        .single();
  }

  /** The PostgreSQL backend streaming the slot, or 0 when none. */
  static int streamingPid(PostgresExtension postgres, String slot) {
    return postgres
        .jdbc()
        .sql(
            "SELECT coalesce(max(active_pid), 0) FROM pg_replication_slots WHERE slot_name = ?"
                + " AND active")
        .param(slot)
        .query(Integer.class)
        .single();
  }

  /**
   * Waits until a backend other than {@code formerPid} (0: any) streams the slot; looked at every
   * 50 ms, so a wait measured around it is that exact.
   */
  static void awaitStreaming(
      PostgresExtension postgres, String slot, int formerPid, Duration atMost) {
    await("slot " + slot + " streaming" + (formerPid == 0 ? "" : " by another connection"))
        .atMost(atMost)
        .pollInterval(Duration.ofMillis(50))
        .until(
            () -> {
              int pid = streamingPid(postgres, slot);
              return pid != 0 && pid != formerPid;
            });
  }

  /** Drops the slot once nobody streams it (the test database cannot be dropped with it). */
  static void drop(PostgresExtension postgres, String slot) {
    await("slot " + slot + " released")
        .atMost(Duration.ofSeconds(60))
        .until(() -> streamers(postgres, slot) == 0);
    postgres
        .jdbc()
        .sql(
            "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots"
                + " WHERE slot_name = ?")
        .param(slot)
        .query(Object.class)
        .list();
  }
}
