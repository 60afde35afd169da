package com.cmp.polling.status.request;

import com.cmp.polling.core.redis.RedisKeys;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Requests of the operator app to the scheduler instances, through Redis: the operator pushes a
 * request onto {@code polling:scheduler:requests} and waits on its answer key; every scheduler
 * instance takes requests off the list, so exactly one takes each request (a list pop hands an
 * element to one client), starts the work under the lock the work takes anyway ({@code
 * polling:init:lock}) and pushes the answer. An operator that hears nothing within {@code
 * takeTimeout} takes its request back: if it was still there, no scheduler runs; if it was gone,
 * one took it and the operator waits for its answer a while longer. A request found after its
 * expiry is dropped, never run.
 */
public class SchedulerRequests {

  private static final Logger log = LoggerFactory.getLogger(SchedulerRequests.class);
  private static final Duration ANSWER_TTL = Duration.ofMinutes(1);

  private final StringRedisTemplate redis;
  private final Clock clock;
  private final JsonMapper json = JsonMapper.builder().build();

  public SchedulerRequests(StringRedisTemplate redis, Clock clock) {
    this.redis = redis;
    this.clock = clock;
  }

  /**
   * Asks the schedulers and waits for the answer of the one that takes the request.
   *
   * @param takeTimeout how long a scheduler instance may take to pick the request up
   * @param startTimeout how long, once taken, the work may take to start (the schedulers wait up to
   *     30 s for their lock and first reads)
   * @throws NoSchedulerAnswerException when no instance took it, or the one that did never answered
   */
  public RequestAnswer ask(
      RequestKind kind, String requestedBy, Duration takeTimeout, Duration startTimeout) {
    SchedulerRequest request =
        new SchedulerRequest(
            UUID.randomUUID().toString(),
            kind,
            requestedBy,
            clock.instant().plus(takeTimeout).plus(startTimeout));
    String text = json.writeValueAsString(request);
    String answerKey = RedisKeys.schedulerAnswer(request.id());
    redis.opsForList().leftPush(RedisKeys.SCHEDULER_REQUESTS, text);
    String answer = redis.opsForList().leftPop(answerKey, takeTimeout);
    if (answer == null) {
      Long withdrawn = redis.opsForList().remove(RedisKeys.SCHEDULER_REQUESTS, 1, text);
      if (withdrawn != null && withdrawn > 0) {
        throw new NoSchedulerAnswerException(
            "no scheduler instance took the "
                + kind.code()
                + " request within "
                + takeTimeout.toSeconds()
                + " s: is one running against this Redis?");
      }
      answer = redis.opsForList().leftPop(answerKey, startTimeout);
    }
    if (answer == null) {
      throw new NoSchedulerAnswerException(
          "a scheduler instance took the "
              + kind.code()
              + " request but did not say within "
              + startTimeout.toSeconds()
              + " s whether it started; see its log");
    }
    return json.readValue(answer, RequestAnswer.class);
  }

  /**
   * The oldest request waiting, taken off the list; empty when none waits. An expired or unreadable
   * request is dropped (and logged) instead. Never blocks: the schedulers ask every half second, so
   * that a stopping instance holds no blocked Redis connection.
   */
  public Optional<SchedulerRequest> next() {
    String text = redis.opsForList().rightPop(RedisKeys.SCHEDULER_REQUESTS);
    if (text == null) {
      return Optional.empty();
    }
    SchedulerRequest request;
    try {
      request = json.readValue(text, SchedulerRequest.class);
    } catch (JacksonException e) {
      log.warn("scheduler request dropped, not one: {} ({})", text, e.getOriginalMessage());
      return Optional.empty();
    }
    Instant now = clock.instant();
    if (request.expiresAt() != null && request.expiresAt().isBefore(now)) {
      log.warn(
          "{} request of {} dropped: it expired at {}, its asker no longer waits",
          request.kind().code(),
          request.requestedBy(),
          request.expiresAt());
      return Optional.empty();
    }
    return Optional.of(request);
  }

  /** The answer to a request taken by {@link #next}, for its asker (kept a minute). */
  public void answer(SchedulerRequest request, RequestAnswer answer) {
    String key = RedisKeys.schedulerAnswer(request.id());
    redis.opsForList().rightPush(key, json.writeValueAsString(answer));
    redis.expire(key, ANSWER_TTL);
  }
}
