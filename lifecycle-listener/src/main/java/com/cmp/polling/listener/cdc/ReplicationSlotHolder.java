package com.cmp.polling.listener.cdc;

import java.util.List;
import java.util.OptionalInt;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Who streams the engine's replication slot now, as PostgreSQL sees it ({@code
 * pg_replication_slots}). A slot streams to one connection at a time: while another listener's
 * engine holds it, this one can only wait. The holder's connection ends with its process, and the
 * slot is free again as soon as PostgreSQL sees that (at once for a killed process: its socket is
 * closed by the operating system).
 */
public class ReplicationSlotHolder {

  private final JdbcClient jdbc;
  private final String slot;

  public ReplicationSlotHolder(DataSource dataSource, String slot) {
    this.jdbc = JdbcClient.create(dataSource);
    this.slot = slot;
  }

  /** The slot's name. */
  public String slot() {
    return slot;
  }

  /** Whether the slot exists, streamed or not: Debezium creates it when it does not. */
  public boolean exists() {
    return jdbc.sql("SELECT count(*) FROM pg_replication_slots WHERE slot_name = ?")
            .param(slot)
            .query(Long.class)
            .single()
        > 0;
  }

  /**
   * The PostgreSQL backend process streaming the slot, or empty when nobody does (the slot is free
   * or does not exist yet).
   */
  public OptionalInt activePid() {
    List<Integer> pids =
        jdbc.sql(
                "SELECT active_pid FROM pg_replication_slots WHERE slot_name = ? AND active"
                    + " AND active_pid IS NOT NULL")
            .param(slot)
            .query(Integer.class)
            .list();
    return pids.isEmpty() ? OptionalInt.empty() : OptionalInt.of(pids.get(0));
  }
}
