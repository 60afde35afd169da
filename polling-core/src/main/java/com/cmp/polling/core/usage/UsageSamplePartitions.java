package com.cmp.polling.core.usage;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The day partitions of {@code data_usage_records} (by UTC day of {@code sampled_at}, created by
 * migration V13): which exist, a day's partition created, an old one dropped. A partition named
 * {@code data_usage_records_<yyyymmdd>} covers that day; {@code
 * data_usage_records_before_<yyyymmdd>} (the samples written before the table was partitioned)
 * everything before that day. Partitions of other names are an operator's and are left alone.
 *
 * <p>Every change takes only locks that let the samples be written meanwhile: a new partition is
 * created empty and then attached, an old one detached concurrently before it is dropped.
 * Creations, from any process, wait for each other on one advisory lock; a maintenance pass holds
 * that lock for its whole run ({@link #maintainExclusively}), so passes of several instances never
 * overlap.
 */
public class UsageSamplePartitions {

  /**
   * The PostgreSQL advisory lock (one bigint key) that partition changes take; a maintenance pass
   * holds it for its whole run, so {@code pg_locks} shows who is at it. Any number, the same in
   * every process.
   */
  public static final long ADVISORY_LOCK = 0x636d_7075_7361_6765L;

  private static final String PARENT = "data_usage_records";
  private static final Pattern DAY = Pattern.compile(PARENT + "_(\\d{8})");
  private static final Pattern BEFORE = Pattern.compile(PARENT + "_before_(\\d{8})");
  private static final DateTimeFormatter NAME_DAY = DateTimeFormatter.BASIC_ISO_DATE;

  private final DataSource dataSource;
  private final JdbcClient jdbc;
  private final TransactionTemplate transaction;

  /** The first day no partition known here covers; null before the first look. */
  private volatile LocalDate knownEnd;

  public UsageSamplePartitions(
      DataSource dataSource, JdbcClient jdbc, TransactionTemplate transaction) {
    this.dataSource = dataSource;
    this.jdbc = jdbc;
    this.transaction = transaction;
  }

  /**
   * A partition of the samples.
   *
   * @param firstDay the first day it covers; null for the partition of the samples from before
   *     partitioning
   * @param end the first day it no longer covers
   * @param detachPending a concurrent detach of it was interrupted: it is being dropped
   */
  public record Partition(String name, LocalDate firstDay, LocalDate end, boolean detachPending) {

    /** Whether every sample it may hold was taken before {@code instant}. */
    public boolean endsBefore(Instant instant) {
      return !start(end).isAfter(instant);
    }
  }

  /** The partitions named as this class names them, by the day they end. */
  public List<Partition> list() {
    return list(jdbc);
  }

  /** The last day covered by a partition, or empty when there is none. */
  public Optional<LocalDate> coveredUntil() {
    return list().stream().map(Partition::end).max(Comparator.naturalOrder());
  }

  /**
   * Makes sure samples taken at {@code instant} have a partition to go to, before the transaction
   * that writes them begins: nothing is read while the partitions seen last cover that day, else
   * they are listed again and the day's partition is created if it is still missing.
   */
  public void ensureCovers(Instant instant) {
    LocalDate day = instant.atZone(ZoneOffset.UTC).toLocalDate();
    LocalDate end = knownEnd;
    if (end != null && day.isBefore(end)) {
      return;
    }
    end = coveredUntil().orElse(null);
    if (end == null || !day.isBefore(end)) {
      create(day);
      end = coveredUntil().orElse(null);
    }
    knownEnd = end;
  }

  /** Forgets the partitions seen: the next {@link #ensureCovers} lists them again. */
  public void forgetKnown() {
    knownEnd = null;
  }

  /**
   * Creates the partition of {@code day} unless one exists: an empty table, then attached, under
   * the advisory lock (another process creating it meanwhile is waited for).
   *
   * @return whether it was created here
   */
  public boolean create(LocalDate day) {
    return Boolean.TRUE.equals(
        transaction.execute(
            status -> {
              jdbc.sql("SELECT pg_advisory_xact_lock(?)::text")
                  .param(ADVISORY_LOCK)
                  .query(String.class)
                  .single();
              return createIfAbsent(jdbc, day);
            }));
  }

  /**
   * Runs {@code pass} with the advisory lock held on a connection of its own, unless another
   * process holds it (its pass is under way).
   *
   * @param pass given the partitions of this connection: everything it does runs there
   * @return false when another process holds the lock: nothing was run
   */
  public boolean maintainExclusively(Consumer<Maintenance> pass) {
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(true);
      JdbcClient own = JdbcClient.create(new SingleConnectionDataSource(connection, true));
      boolean locked =
          Boolean.TRUE.equals(
              own.sql("SELECT pg_try_advisory_lock(?)")
                  .param(ADVISORY_LOCK)
                  .query(Boolean.class)
                  .single());
      if (!locked) {
        return false;
      }
      try {
        // A drop waits for whoever still reads the old partition; it must not wait for ever.
        own.sql("SET lock_timeout = '30s'").update();
        pass.accept(new Maintenance(own));
      } finally {
        own.sql("RESET lock_timeout").update();
        own.sql("SELECT pg_advisory_unlock(?)").param(ADVISORY_LOCK).query(Boolean.class).single();
      }
      return true;
    } catch (SQLException e) {
      throw new IllegalStateException("no connection for the usage sample partitions", e);
    }
  }

  /** What a maintenance pass does, on its own connection, holding the advisory lock. */
  public static final class Maintenance {
    private final JdbcClient jdbc;

    private Maintenance(JdbcClient jdbc) {
      this.jdbc = jdbc;
    }

    public List<Partition> list() {
      return UsageSamplePartitions.list(jdbc);
    }

    /** Creates the day's partition unless it exists; whether it was created. */
    public boolean create(LocalDate day) {
      return createIfAbsent(jdbc, day);
    }

    /**
     * Detaches the partition without blocking the writers of the other partitions (a detach
     * interrupted before is finished), then drops it with its rows.
     */
    public void drop(Partition partition) {
      String name = quoted(partition.name());
      String detach = "ALTER TABLE " + PARENT + " DETACH PARTITION " + name;
      jdbc.sql(detach + (partition.detachPending() ? " FINALIZE" : " CONCURRENTLY")).update();
      jdbc.sql("DROP TABLE " + name).update();
    }
  }

  private static boolean createIfAbsent(JdbcClient jdbc, LocalDate day) {
    String name = PARENT + "_" + NAME_DAY.format(day);
    if (list(jdbc).stream().anyMatch(p -> p.name().equals(name) || covers(p, day))) {
      return false;
    }
    String table = quoted(name);
    jdbc.sql(
            "CREATE TABLE "
                + table
                + " (LIKE "
                + PARENT
                + " INCLUDING DEFAULTS INCLUDING CONSTRAINTS)")
        .update();
    jdbc.sql(
            "ALTER TABLE "
                + PARENT
                + " ATTACH PARTITION "
                + table
                + " FOR VALUES FROM ('"
                + bound(day)
                + "') TO ('"
                + bound(day.plusDays(1))
                + "')")
        .update();
    return true;
  }

  private static boolean covers(Partition partition, LocalDate day) {
    return day.isBefore(partition.end())
        && (partition.firstDay() == null || !day.isBefore(partition.firstDay()));
  }

  private static List<Partition> list(JdbcClient jdbc) {
    List<Partition> partitions = new ArrayList<>();
    jdbc.sql(
            "SELECT c.relname, i.inhdetachpending FROM pg_inherits i"
                + " JOIN pg_class c ON c.oid = i.inhrelid"
                + " WHERE i.inhparent = to_regclass('public."
                + PARENT
                + "')")
        .query(
            (RowCallbackHandler)
                rs -> {
                  String name = rs.getString(1);
                  boolean pending = rs.getBoolean(2);
                  Matcher day = DAY.matcher(name);
                  Matcher before = BEFORE.matcher(name);
                  if (day.matches()) {
                    LocalDate first = LocalDate.parse(day.group(1), NAME_DAY);
                    partitions.add(new Partition(name, first, first.plusDays(1), pending));
                  } else if (before.matches()) {
                    partitions.add(
                        new Partition(
                            name, null, LocalDate.parse(before.group(1), NAME_DAY), pending));
                  }
                });
    partitions.sort(Comparator.comparing(Partition::end));
    return partitions;
  }

  /** A day's first instant as a TIMESTAMPTZ literal. */
  private static String bound(LocalDate day) {
    return day + " 00:00:00+00";
  }

  private static Instant start(LocalDate day) {
    return day.atStartOfDay(ZoneOffset.UTC).toInstant();
  }

  private static String quoted(String name) {
    return '"' + name + '"';
  }
}
