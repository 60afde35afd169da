package com.cmp.polling.listener.cdc;

import com.cmp.polling.listener.config.ListenerProperties;
import com.cmp.polling.schemas.Topics;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Debezium configuration of the embedded engine. It matches {@code
 * connect/cmp-postgres-connector.json}, so that Debezium on Kafka Connect writes the same topics in
 * the same format: the standard change-event envelope as JSON without the inline schema ({@code
 * schemas.enable=false}), decimals as strings, {@code <prefix>.public.<table>} topic names.
 */
public final class DebeziumSettings {

  /**
   * The tables whose rows the first start reads whole ({@code snapshot.include.collection.list}):
   * the card stream's snapshot builds the device → cards store.
   */
  public static final String SNAPSHOT_TABLES =
      "public.tb_iot_card,public.tb_device,public.tb_polling_config";

  /**
   * The captured tables, in Debezium's {@code table.include.list} form. tb_stop_resume_log is the
   * outbox of {@code polling.card.actions}; it is streamed but never snapshotted: its past rows
   * were actions of before (and a snapshot of a long log costs much for nothing).
   */
  public static final String TABLES = SNAPSHOT_TABLES + ",public.tb_stop_resume_log";

  /**
   * The columns the pipeline reads; the others (ICCID, usage counters, timestamps) are left out of
   * the events: less work per change for the engine and every stage after it, and a usage update
   * becomes an event the topology recognises as changing nothing.
   */
  public static final String COLUMNS =
      String.join(
          ",",
          "public\\.tb_iot_card\\.(id|carrier_id|card_category|real_name_status|network_status"
              + "|device_id|enable_polling|deleted_at)",
          "public\\.tb_device\\.(id|enable_polling|deleted_at)",
          "public\\.tb_polling_config\\.(id|card_condition|carrier_id|priority"
              + "|realname_check_interval|carddata_check_interval|package_check_interval"
              + "|protect_check_interval|status)",
          "public\\.tb_stop_resume_log\\.(id|iot_card_id|device_id|action|reason|trigger|result"
              + "|attempt|created_at)");

  private static final Pattern JDBC_URL =
      Pattern.compile("jdbc:postgresql://([^:/?]+)(?::(\\d+))?/([^?]+).*");

  private DebeziumSettings() {}

  /**
   * @param jdbcUrl the app's {@code spring.datasource.url}: the database to capture
   * @param bootstrapServers where the offsets topic lives
   */
  public static Properties of(
      ListenerProperties.Cdc cdc,
      String jdbcUrl,
      String user,
      String password,
      String bootstrapServers) {
    Matcher url = JDBC_URL.matcher(jdbcUrl);
    if (!url.matches()) {
      throw new IllegalArgumentException(
          "spring.datasource.url must look like jdbc:postgresql://host:5432/db, was " + jdbcUrl);
    }
    Properties p = new Properties();
    p.setProperty("name", "cmp-postgres-connector");
    p.setProperty("connector.class", "io.debezium.connector.postgresql.PostgresConnector");
    p.setProperty("topic.prefix", Topics.CDC_PREFIX);
    p.setProperty("database.hostname", url.group(1));
    p.setProperty("database.port", url.group(2) == null ? "5432" : url.group(2));
    p.setProperty("database.dbname", url.group(3));
    p.setProperty("database.user", user);
    p.setProperty("database.password", password == null ? "" : password);
    p.setProperty("plugin.name", "pgoutput");
    p.setProperty("slot.name", cdc.slotName());
    p.setProperty("slot.drop.on.stop", Boolean.toString(cdc.dropSlotOnStop()));
    // A listener killed a moment ago can still hold the slot while PostgreSQL ends its backend
    // ("replication slot ... is active for PID n"): look again every second, not every 10 s,
    // within the same minute of patience (60 tries instead of 6) before the engine fails.
    p.setProperty("slot.retry.delay.ms", "1000");
    p.setProperty("slot.max.retries", "60");
    p.setProperty("publication.name", cdc.publicationName());
    p.setProperty("publication.autocreate.mode", "filtered");
    // filtered: Debezium creates the publication over these tables, and at every start brings an
    // existing one in line with them (ALTER PUBLICATION ... SET TABLE): an install made before
    // tb_stop_resume_log was captured gets it added when the new version first starts.
    p.setProperty("table.include.list", TABLES);
    p.setProperty("column.include.list", COLUMNS);
    p.setProperty("snapshot.mode", cdc.snapshotMode());
    p.setProperty("snapshot.include.collection.list", SNAPSHOT_TABLES);
    p.setProperty("decimal.handling.mode", "string");
    p.setProperty("tombstones.on.delete", "true");
    p.setProperty("poll.interval.ms", Long.toString(cdc.pollInterval().toMillis()));
    // Bigger batches for bulk imports: one Kafka round trip per 8 192 changes at most.
    p.setProperty("max.batch.size", "8192");
    p.setProperty("max.queue.size", "32768");
    // Converts a batch's records to JSON on this many threads. Left unset, Debezium 3.6 sizes its
    // pool "up to the cores" but on an unbounded queue, which never grows past one thread
    // (debezium/dbz#2263), and the conversion is the engine's slowest step in a bulk import.
    p.setProperty(
        "record.processing.threads",
        Integer.toString(Math.max(2, Runtime.getRuntime().availableProcessors())));
    p.setProperty("heartbeat.interval.ms", Long.toString(cdc.heartbeatInterval().toMillis()));
    // A lost database connection is a retriable error: Debezium restarts its connector after
    // this pause (10 s by default), which is how long changes stay unread once PostgreSQL is back.
    p.setProperty(
        "retriable.restart.connector.wait.ms", Long.toString(cdc.restartBackoff().toMillis()));
    // Offsets in Kafka: durable, and where Kafka Connect would keep them too.
    p.setProperty("offset.storage", "org.apache.kafka.connect.storage.KafkaOffsetBackingStore");
    p.setProperty("offset.storage.topic", cdc.offsetTopic());
    p.setProperty("offset.storage.partitions", "1");
    if (cdc.offsetReplicationFactor() != null) {
      p.setProperty(
          "offset.storage.replication.factor", Short.toString(cdc.offsetReplicationFactor()));
    }
    p.setProperty("offset.flush.interval.ms", Long.toString(cdc.offsetFlushInterval().toMillis()));
    p.setProperty("bootstrap.servers", bootstrapServers);
    // The envelope alone, as Connect's JsonConverter writes it with schemas.enable=false.
    p.setProperty("converter.schemas.enable", "false");
    cdc.debezium().forEach(p::setProperty);
    return p;
  }

  /** The topic Debezium sends heartbeats to (not copied to Kafka by the embedded engine). */
  public static String heartbeatTopic() {
    return "__debezium-heartbeat." + Topics.CDC_PREFIX;
  }
}
