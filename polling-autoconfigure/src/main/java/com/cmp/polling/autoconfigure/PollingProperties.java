package com.cmp.polling.autoconfigure;

import java.net.URI;
import java.time.Duration;
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
 */
@ConfigurationProperties("cmp.polling")
public record PollingProperties(
    @DefaultValue Queue queue,
    @DefaultValue Config config,
    @DefaultValue Kafka kafka,
    @DefaultValue Gateway gateway,
    @DefaultValue StopResume stopResume) {

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
   * @param createTopics whether to create the pipeline's topics at start-up
   * @param partitions partitions of each topic created
   * @param replicationFactor replicas of each topic created
   * @param ackTimeout how long a producer waits for the broker's acknowledgement
   */
  public record Kafka(
      @DefaultValue("true") boolean createTopics,
      @DefaultValue("16") int partitions,
      @DefaultValue("1") short replicationFactor,
      @DefaultValue("10s") Duration ackTimeout) {}

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
   */
  public record Gateway(
      URI baseUrl,
      @DefaultValue("2s") Duration connectTimeout,
      @DefaultValue("5s") Duration readTimeout,
      @DefaultValue("10s") Duration callTimeout,
      Map<Long, Integer> rateLimitPerSecond,
      Integer defaultRateLimitPerSecond,
      @DefaultValue("5s") Duration rateLimitMaxWait) {

    public Gateway {
      rateLimitPerSecond = rateLimitPerSecond == null ? Map.of() : Map.copyOf(rateLimitPerSecond);
    }

    /** Whether any carrier is limited. */
    public boolean rateLimited() {
      return !rateLimitPerSecond.isEmpty() || defaultRateLimitPerSecond != null;
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
}
