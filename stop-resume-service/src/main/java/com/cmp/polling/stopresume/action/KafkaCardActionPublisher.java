package com.cmp.polling.stopresume.action;

import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.action.CardAction;
import com.cmp.polling.schemas.json.PayloadCodec;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Publishes to {@code polling.card.actions} (key = card id) and waits for the broker's
 * acknowledgement, so that a failure is logged with the card it concerns and counted ({@code
 * polling.stopresume.publish_failures}); tb_stop_resume_log keeps the action either way.
 */
public class KafkaCardActionPublisher implements CardActionPublisher {

  private static final Logger log = LoggerFactory.getLogger(KafkaCardActionPublisher.class);

  private final KafkaTemplate<String, byte[]> kafka;
  private final PayloadCodec codec;
  private final Duration ackTimeout;
  private final Counter failures;

  public KafkaCardActionPublisher(
      KafkaTemplate<String, byte[]> kafka,
      PayloadCodec codec,
      Duration ackTimeout,
      MeterRegistry meters) {
    this.kafka = kafka;
    this.codec = codec;
    this.ackTimeout = ackTimeout;
    this.failures = meters.counter("polling.stopresume.publish_failures");
  }

  @Override
  public void publish(CardAction action) {
    byte[] value = codec.encode(Topics.CARD_ACTIONS, action);
    try {
      kafka
          .send(Topics.CARD_ACTIONS.name(), action.key(), value)
          .get(ackTimeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failures.increment();
      log.error(
          "{} of card {} not published: interrupted", action.action().code(), action.cardId());
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      failures.increment();
      log.error(
          "{} of card {} not published to {}; it is recorded in tb_stop_resume_log",
          action.action().code(),
          action.cardId(),
          Topics.CARD_ACTIONS.name(),
          e);
    }
  }
}
