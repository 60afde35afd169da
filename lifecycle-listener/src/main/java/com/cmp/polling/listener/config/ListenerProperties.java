package com.cmp.polling.listener.config;

import com.cmp.polling.autoconfigure.membership.StaticMembership;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the lifecycle listener ({@code cmp.polling.listener.*}). The database and Kafka come
 * from {@code spring.datasource.*} and {@code spring.kafka.bootstrap-servers}.
 *
 * @param cdc the Debezium embedded engine
 * @param streams the Kafka Streams lifecycle topology
 * @param consumer the consumer of {@code polling.lifecycle}
 * @param reenrollment the background pass after a polling config change
 * @param cardActions the topology deriving {@code polling.card.actions} from tb_stop_resume_log
 * @param staticMembership whether the topology's and the lifecycle consumer's Kafka consumers join
 *     their groups as static members ({@code group.instance.id}): a restarted listener then gets
 *     its partitions back at once instead of after the dead consumers' session timeout (45 s)
 * @param instanceId this instance's id in those groups: stable across its restarts, unique among
 *     the instances; default: the host name
 */
@ConfigurationProperties("cmp.polling.listener")
public record ListenerProperties(
    @DefaultValue Cdc cdc,
    @DefaultValue Streams streams,
    @DefaultValue Consumer consumer,
    @DefaultValue Reenrollment reenrollment,
    @DefaultValue CardActions cardActions,
    @DefaultValue("true") boolean staticMembership,
    String instanceId) {

  public ListenerProperties {
    StaticMembership.check("cmp.polling.listener.instance-id", instanceId);
  }

  /** The id this instance's consumers are static members under, or null for dynamic members. */
  public String staticInstanceId() {
    return staticMembership ? StaticMembership.instanceId(instanceId) : null;
  }

  /**
   * @param enabled whether this process runs the engine (one process per database should)
   * @param slotName the logical replication slot; it keeps WAL for us while we are down
   * @param dropSlotOnStop drop the slot when the engine stops (tests only: changes made while the
   *     engine is down are then lost)
   * @param publicationName the pgoutput publication, created in {@code filtered} mode over the
   *     three tables
   * @param snapshotMode Debezium's {@code snapshot.mode}: {@code initial} reads the tables once on
   *     the very first start (only to learn which cards sit in which device), then streams
   * @param offsetTopic the Kafka topic holding the engine's offsets (compacted, one partition)
   * @param offsetReplicationFactor replicas of the offset topic; unset: {@code
   *     cmp.polling.kafka.replication-factor}
   * @param offsetFlushInterval how often processed offsets are committed; after a crash at most
   *     this much is read again (the consumer is idempotent)
   * @param pollInterval how long the engine waits for new changes before looking again (low:
   *     commit-to-Kafka latency)
   * @param heartbeatInterval how often the engine confirms its position to PostgreSQL even without
   *     changes of the captured tables, so that the slot does not hold WAL back
   * @param restartBackoff pause before the engine is started again after a failure, and before
   *     Debezium restarts its connector after a retriable one (a lost database connection): how
   *     soon changes flow again once PostgreSQL is back
   * @param debezium further Debezium properties, passed through as they are (they win)
   */
  public record Cdc(
      @DefaultValue("true") boolean enabled,
      @DefaultValue("cmp_polling_lifecycle") String slotName,
      @DefaultValue("false") boolean dropSlotOnStop,
      @DefaultValue("cmp_polling_lifecycle") String publicationName,
      @DefaultValue("initial") String snapshotMode,
      @DefaultValue("cmp.lifecycle.cdc-offsets") String offsetTopic,
      Short offsetReplicationFactor,
      @DefaultValue("1s") Duration offsetFlushInterval,
      @DefaultValue("10ms") Duration pollInterval,
      @DefaultValue("10s") Duration heartbeatInterval,
      @DefaultValue("2s") Duration restartBackoff,
      @DefaultValue Map<String, String> debezium) {

    public Cdc {
      // PostgreSQL's rule for slot names; checked here so that a typo fails the start-up.
      if (slotName == null || !slotName.matches("[a-z0-9_]{1,63}")) {
        throw new IllegalArgumentException(
            "cmp.polling.listener.cdc.slot-name must be 1-63 of [a-z0-9_], was " + slotName);
      }
      if (pollInterval.isNegative()
          || heartbeatInterval.isNegative()
          || heartbeatInterval.isZero()) {
        throw new IllegalArgumentException(
            "cmp.polling.listener.cdc poll-interval must be >= 0 and heartbeat-interval > 0");
      }
    }
  }

  /**
   * @param enabled whether this process runs the topology
   * @param applicationId Kafka Streams {@code application.id}: consumer group and prefix of the
   *     internal topics
   * @param commitInterval how often Streams commits and flushes; with record caches off this bounds
   *     how long an event waits before it is sent on
   * @param stateDir where the device → cards store lives on disk (default: a temporary folder)
   * @param threads stream threads
   * @param kafka further Kafka Streams properties, passed through as they are (they win)
   */
  public record Streams(
      @DefaultValue("true") boolean enabled,
      @DefaultValue("cmp-lifecycle-topology") String applicationId,
      @DefaultValue("100ms") Duration commitInterval,
      Path stateDir,
      @DefaultValue("1") int threads,
      @DefaultValue Map<String, String> kafka) {

    public Streams {
      if (commitInterval.isNegative() || commitInterval.isZero() || threads < 1) {
        throw new IllegalArgumentException(
            "cmp.polling.listener.streams commit-interval must be > 0 and threads >= 1");
      }
    }
  }

  /**
   * @param autoStartup whether the consumer starts with the app
   * @param concurrency consumers in the group in this process
   * @param maxPollRecords events per batch (a bulk import is enrolled a batch at a time)
   * @param retries tries of a failing event before it goes to the dead-letter topic (Redis and
   *     database failures are retried until they pass)
   * @param retryBackoff pause between those tries
   * @param appliedTtl how long an applied status change is remembered, so that a redelivery is
   *     recognised and skipped
   */
  public record Consumer(
      @DefaultValue("true") boolean autoStartup,
      @DefaultValue("1") int concurrency,
      @DefaultValue("2000") int maxPollRecords,
      @DefaultValue("3") int retries,
      @DefaultValue("1s") Duration retryBackoff,
      @DefaultValue("1h") Duration appliedTtl) {}

  /**
   * @param pageSize cards read per page by the re-enrollment pass
   * @param retryPause pause before a failed page is tried again
   */
  public record Reenrollment(
      @DefaultValue("10000") int pageSize, @DefaultValue("1s") Duration retryPause) {}

  /**
   * The card-actions topology runs as a Kafka Streams application of its own; the settings of
   * {@link Streams} (commit interval, state folder, {@code kafka.*}) apply to it as well.
   *
   * @param enabled whether this process derives {@code polling.card.actions} (with the embedded
   *     engine or with Debezium on Kafka Connect writing the raw topic)
   * @param applicationId its Kafka Streams {@code application.id}
   * @param processingGuarantee {@code exactly_once_v2}: a consumer reading committed records sees
   *     every action once (needs broker transactions: a single broker needs {@code
   *     transaction.state.log.replication.factor=1} and {@code transaction.state.log.min.isr=1});
   *     {@code at_least_once}: none lost, but one may repeat after a crash of the listener
   * @param dedupRetention how long an action sent on is remembered, so that the change stream
   *     delivering its row again sends nothing (counted in the rows' own times)
   */
  public record CardActions(
      @DefaultValue("true") boolean enabled,
      @DefaultValue("cmp-card-actions") String applicationId,
      @DefaultValue("exactly_once_v2") String processingGuarantee,
      @DefaultValue("1d") Duration dedupRetention) {

    public CardActions {
      if (!processingGuarantee.equals("exactly_once_v2")
          && !processingGuarantee.equals("at_least_once")) {
        throw new IllegalArgumentException(
            "cmp.polling.listener.card-actions.processing-guarantee must be exactly_once_v2 or"
                + " at_least_once, was "
                + processingGuarantee);
      }
      if (dedupRetention.compareTo(Duration.ofMinutes(1)) < 0) {
        throw new IllegalArgumentException(
            "cmp.polling.listener.card-actions.dedup-retention must be at least 1m, was "
                + dedupRetention);
      }
    }
  }
}
