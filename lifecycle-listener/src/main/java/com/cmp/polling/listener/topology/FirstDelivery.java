package com.cmp.polling.listener.topology;

import com.cmp.polling.schemas.action.CardAction;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.WindowStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends a card action on (keyed by its card) the first time its log row arrives, and drops every
 * later delivery of the same row: Debezium delivers a change at least once, and after a crash it
 * sends again what it had sent since its last committed offset.
 *
 * <p>The rows seen are kept in a window store under their action id at their own time ({@code
 * performedAt}, the row's created_at): a redelivery carries the same id and time, so one exact
 * lookup finds it. Rows older than the store's retention (counted in those times, not the wall
 * clock) are forgotten; a redelivery comes within seconds of the original, far inside it.
 *
 * <p>Under exactly_once_v2 the record sent, the store's changelog and the input offset commit
 * together. Under at_least_once the record is sent before the row is remembered, so a crash between
 * the two can repeat an action but never lose one.
 */
final class FirstDelivery implements Processor<String, CardAction, String, CardAction> {

  private static final Logger log = LoggerFactory.getLogger(FirstDelivery.class);

  private final String storeName;
  private ProcessorContext<String, CardAction> context;
  private WindowStore<Long, Long> seen;

  FirstDelivery(String storeName) {
    this.storeName = storeName;
  }

  @Override
  public void init(ProcessorContext<String, CardAction> context) {
    this.context = context;
    this.seen = context.getStateStore(storeName);
  }

  @Override
  public void process(Record<String, CardAction> record) {
    CardAction action = record.value();
    long at = action.performedAt().toEpochMilli();
    if (seen.fetch(action.actionId(), at) != null) {
      log.info(
          "{} of card {} (log row {}) delivered again by the change stream; already published",
          action.action().code(),
          action.cardId(),
          action.actionId());
      return;
    }
    context.forward(record.withKey(action.key()));
    seen.put(action.actionId(), at, at);
  }
}
