package com.cmp.polling.core.lifecycle;

import com.cmp.polling.core.redis.RedisKeys;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Where the re-enrollment after a config change stands, in Redis ({@link
 * RedisKeys#CONFIGS_REENROLLMENT}), for the queue reconciler of any process: running (renewed page
 * by page, so that a listener that dies mid-pass leaves no claim behind for more than {@link
 * #RUNNING_TTL}) or done, each for the configs' {@code fingerprint}. A write that fails is only
 * logged: the reconciler then finds no fresh record and falls back to its own full pass.
 */
public final class ReenrollmentRecord {

  /** Long enough for a page and its retries; short enough that a dead pass is soon seen as such. */
  static final Duration RUNNING_TTL = Duration.ofMinutes(2);

  private static final Logger log = LoggerFactory.getLogger(ReenrollmentRecord.class);
  private static final String RUNNING = "running ";
  private static final String DONE = "done ";

  private final StringRedisTemplate redis;

  public ReenrollmentRecord(StringRedisTemplate redis) {
    this.redis = redis;
  }

  /**
   * What a record says.
   *
   * @param running whether a pass is under way (else it completed)
   * @param fingerprint the fingerprint of the configs it moves the cards to
   */
  public record State(boolean running, String fingerprint) {

    /** Whether every card has been moved to exactly these configs. */
    public boolean completed(String configs) {
      return !running && fingerprint.equals(configs);
    }
  }

  /**
   * The record, or empty when none is kept (no pass since Redis was filled, or the last failed).
   */
  public Optional<State> read() {
    String value = redis.opsForValue().get(RedisKeys.CONFIGS_REENROLLMENT);
    if (value == null) {
      return Optional.empty();
    }
    if (value.startsWith(RUNNING)) {
      return Optional.of(new State(true, value.substring(RUNNING.length())));
    }
    if (value.startsWith(DONE)) {
      return Optional.of(new State(false, value.substring(DONE.length())));
    }
    return Optional.empty();
  }

  /** A pass towards the configs of {@code fingerprint} runs: said again for every page. */
  public void running(String fingerprint) {
    write(
        () ->
            redis
                .opsForValue()
                .set(RedisKeys.CONFIGS_REENROLLMENT, RUNNING + fingerprint, RUNNING_TTL));
  }

  /** Every card has been moved to the configs of {@code fingerprint}. */
  public void completed(String fingerprint) {
    write(() -> redis.opsForValue().set(RedisKeys.CONFIGS_REENROLLMENT, DONE + fingerprint));
  }

  /** The pass gave up or was stopped: no claim is left for the reconciler to trust. */
  public void abandoned() {
    write(() -> redis.delete(RedisKeys.CONFIGS_REENROLLMENT));
  }

  private static void write(Runnable write) {
    try {
      write.run();
    } catch (DataAccessException e) {
      log.warn(
          "could not record the config re-enrollment's progress in Redis ({}): the queue"
              + " reconciler will run a full pass for this config change",
          e.toString());
    }
  }
}
