package com.cmp.polling.autoconfigure;

import com.cmp.polling.core.budget.CarrierAccount;
import com.cmp.polling.core.budget.CarrierAccounts;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings shared by every cmp-polling process ({@code cmp.polling.*}); each app adds its own group
 * ({@code cmp.polling.scheduler.*}, ...).
 *
 * @param queue the Redis polling queues
 * @param config polling config refresh
 * @param kafka topics and producer acknowledgement
 * @param gateway the carrier gateway (needed by processes that stop or resume cards)
 * @param stopResume retries and locks of stop/resume
 * @param rules rule switches and the rule dry run
 * @param planning when checks are due beyond their config's intervals
 * @param budget the carrier accounts' call budgets: their reserved share, the stretch computation
 */
@ConfigurationProperties("cmp.polling")
public record PollingProperties(
    @DefaultValue Queue queue,
    @DefaultValue Config config,
    @DefaultValue Kafka kafka,
    @DefaultValue Gateway gateway,
    @DefaultValue StopResume stopResume,
    @DefaultValue Rules rules,
    @DefaultValue PlanningProperties planning,
    @DefaultValue BudgetProperties budget) {

  public PollingProperties {
    budget.checkRegularShare(gateway.accounts());
  }

  /** The carrier accounts as the budget and the rate limits take them (none when unset). */
  public CarrierAccounts carrierAccounts() {
    List<CarrierAccount> accounts = new ArrayList<>();
    gateway
        .accounts()
        .forEach(
            (name, account) ->
                accounts.add(
                    new CarrierAccount(
                        name,
                        account.carriers(),
                        account.callsPerSecond(),
                        account.callsPerDay(),
                        budget.reservedShare())));
    return new CarrierAccounts(accounts);
  }

  /**
   * @param shardCount shards per task type (card id % shard count)
   * @param lease how long a dequeued card stays leased before it comes due again unfinished
   */
  public record Queue(@DefaultValue("16") int shardCount, @DefaultValue("5m") Duration lease) {}

  /**
   * @param refreshInterval how often the configs are re-read from the database
   */
  public record Config(@DefaultValue("5m") Duration refreshInterval) {}

  /**
   * The pipeline's topics as the apps create them, and the producers' wait. The defaults suit one
   * broker; on a cluster set {@code replication-factor} (3) and {@code min-insync-replicas} (2), so
   * that a write acknowledged with {@code acks=all} is on two brokers at least and one broker may
   * be lost without stopping the pipeline. A topic that exists already keeps its replicas and
   * settings.
   *
   * @param createTopics whether to create the pipeline's topics at start-up
   * @param partitions partitions of each topic created
   * @param replicationFactor replicas of each topic created, and of the topics that the listener's
   *     Kafka Streams applications and Debezium engine create
   * @param minInsyncReplicas {@code min.insync.replicas} of every topic the apps create (the
   *     listener's internal topics included); unset: the broker's default
   * @param topicConfigs further topic-level settings of the pipeline's topics (for example {@code
   *     retention.ms}), as Kafka names them; not applied to internal topics
   * @param ackTimeout how long a producer waits for the broker's acknowledgement
   */
  public record Kafka(
      @DefaultValue("true") boolean createTopics,
      @DefaultValue("16") int partitions,
      @DefaultValue("1") short replicationFactor,
      Integer minInsyncReplicas,
      Map<String, String> topicConfigs,
      @DefaultValue("10s") Duration ackTimeout) {

    /** The topic-level setting that {@code min-insync-replicas} sets. */
    public static final String MIN_INSYNC_REPLICAS = "min.insync.replicas";

    public Kafka {
      topicConfigs = topicConfigs == null ? Map.of() : Map.copyOf(topicConfigs);
      if (partitions < 1 || replicationFactor < 1) {
        throw new IllegalArgumentException(
            "cmp.polling.kafka.partitions and replication-factor must be at least 1, were "
                + partitions
                + " and "
                + replicationFactor);
      }
      if (minInsyncReplicas != null
          && (minInsyncReplicas < 1 || minInsyncReplicas > replicationFactor)) {
        // More than the replicas would refuse every acks=all write.
        throw new IllegalArgumentException(
            "cmp.polling.kafka.min-insync-replicas must be between 1 and replication-factor ("
                + replicationFactor
                + "), was "
                + minInsyncReplicas);
      }
      if (topicConfigs.containsKey(MIN_INSYNC_REPLICAS)) {
        throw new IllegalArgumentException(
            "set cmp.polling.kafka.min-insync-replicas instead of topic-configs."
                + MIN_INSYNC_REPLICAS);
      }
    }

    /** The topic-level settings of the pipeline's topics: the extra ones and the min ISR. */
    public Map<String, String> pipelineTopicConfigs() {
      Map<String, String> configs = new HashMap<>(topicConfigs);
      configs.putAll(internalTopicConfigs());
      return Map.copyOf(configs);
    }

    /**
     * The topic-level settings of the topics other components create for themselves (Kafka Streams'
     * changelog and repartition topics, the Debezium offsets): the min ISR only, since those topics
     * pick their cleanup and retention themselves.
     */
    public Map<String, String> internalTopicConfigs() {
      return minInsyncReplicas == null
          ? Map.of()
          : Map.of(MIN_INSYNC_REPLICAS, Integer.toString(minInsyncReplicas));
    }
  }

  /**
   * @param baseUrl where the carrier gateway answers (docs/gateway-api.md)
   * @param connectTimeout TCP connect timeout
   * @param readTimeout how long one read waits for the next bytes of an answer
   * @param callTimeout the deadline of a whole gateway call, from asking for a connection to the
   *     answer's last byte: a gateway trickling its answer is cut off here (a retryable failure)
   * @param rateLimitPerSecond calls per second allowed per carrier id, shared by every process (set
   *     it a little below the carrier's own limit)
   * @param defaultRateLimitPerSecond the limit of carriers not listed; unset: unlimited
   * @param rateLimitMaxWait how long a call may wait for its slot before failing (retryable)
   * @param carriers what each carrier offers beyond the single calls, by carrier id
   * @param accounts the carrier accounts, by name: each pays for the calls of its carriers within
   *     its calls per second and per day; a carrier in an account takes the account's calls per
   *     second as its rate limit (shared with the account's other carriers) instead of {@code
   *     rate-limit-per-second}, which may not name it too
   */
  public record Gateway(
      URI baseUrl,
      @DefaultValue("2s") Duration connectTimeout,
      @DefaultValue("5s") Duration readTimeout,
      @DefaultValue("10s") Duration callTimeout,
      Map<Long, Integer> rateLimitPerSecond,
      Integer defaultRateLimitPerSecond,
      @DefaultValue("5s") Duration rateLimitMaxWait,
      Map<Long, Carrier> carriers,
      Map<String, CarrierAccountProperties> accounts) {

    public Gateway {
      rateLimitPerSecond = rateLimitPerSecond == null ? Map.of() : Map.copyOf(rateLimitPerSecond);
      accounts = accounts == null ? Map.of() : Map.copyOf(accounts);
      CarrierAccountProperties.checkAll(accounts, rateLimitPerSecond);
      Map<Long, Carrier> checked = new HashMap<>();
      if (carriers != null) {
        carriers.forEach(
            (carrierId, carrier) ->
                checked.put(
                    carrierId,
                    new Carrier(BatchOperationNames.checked(carrierId, carrier.batch()))));
      }
      carriers = Map.copyOf(checked);
    }

    /** The batch sizes of every carrier that has some, by carrier id then operation name. */
    public Map<Long, Map<String, Integer>> batchSizes() {
      Map<Long, Map<String, Integer>> sizes = new HashMap<>();
      carriers.forEach(
          (carrierId, carrier) -> {
            if (!carrier.batch().isEmpty()) {
              sizes.put(carrierId, carrier.batch());
            }
          });
      return Map.copyOf(sizes);
    }

    /** Whether any carrier is limited. */
    public boolean rateLimited() {
      return !rateLimitPerSecond.isEmpty()
          || defaultRateLimitPerSecond != null
          || !accounts.isEmpty();
    }
  }

  /**
   * One carrier's settings ({@code cmp.polling.gateway.carriers.<carrierId>.*}).
   *
   * @param batch the batch forms the carrier's gateway offers: the most cards one call of an
   *     operation takes ({@code real-name}, {@code usage}, {@code package}, {@code network-status},
   *     {@code stop}, {@code start}); an operation not listed is asked one card per call
   */
  public record Carrier(Map<String, Integer> batch) {

    public Carrier {
      batch = batch == null ? Map.of() : Map.copyOf(batch);
    }
  }

  /**
   * @param attempts gateway tries per stop or start
   * @param firstBackoff pause after the first failed try
   * @param backoffMultiplier growth of the pause after each further failure
   * @param lockTtl lifetime of a card or device lock whose owner died
   * @param operatorLockWait how long an operator's action waits for a busy card
   * @param protectCheckDelay delay of the first protect check after an operator's action
   */
  public record StopResume(
      @DefaultValue("3") int attempts,
      @DefaultValue("200ms") Duration firstBackoff,
      @DefaultValue("2.0") double backoffMultiplier,
      @DefaultValue("30s") Duration lockTtl,
      @DefaultValue("10s") Duration operatorLockWait,
      @DefaultValue("60s") Duration protectCheckDelay) {}

  /**
   * @param switchRefreshInterval how often every process re-reads the rule switches (a change made
   *     through the admin API is also announced over Redis and read at once)
   * @param dryRunPageSize cards read per statement by a rule dry run
   */
  public record Rules(
      @DefaultValue("30s") Duration switchRefreshInterval,
      @DefaultValue("20000") int dryRunPageSize) {}
}
