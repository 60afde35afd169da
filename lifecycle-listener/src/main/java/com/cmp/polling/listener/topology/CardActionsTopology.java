package com.cmp.polling.listener.topology;

import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import java.time.Duration;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.Stores;

/**
 * {@code cmp.public.tb_stop_resume_log} → {@code polling.card.actions}: tb_stop_resume_log is the
 * outbox of the card actions.
 *
 * <pre>
 * cmp.public.tb_stop_resume_log ─ inserted success row → CardAction ─ first delivery of its log row
 *                                                       (card-actions-seen store) ─► polling.card.actions
 *                               └ unreadable ─► cmp.public.tb_stop_resume_log-dlt
 * </pre>
 *
 * It runs as a Kafka Streams application of its own, exactly_once_v2 by default, apart from the
 * lifecycle topology: its guarantee and its need for broker transactions stay its own.
 */
public final class CardActionsTopology {

  /** Action id (log row id) → its time, for the rows already sent on. */
  static final String SEEN_STORE = "card-actions-seen";

  private static final Serde<String> STRING = Serdes.String();

  private CardActionsTopology() {}

  /**
   * @param dedupRetention how long, in the rows' own time, a sent action is remembered
   */
  public static Topology build(PayloadCodec codec, Duration dedupRetention) {
    StreamsBuilder builder = new StreamsBuilder();
    builder.addStateStore(
        Stores.windowStoreBuilder(
            Stores.persistentWindowStore(SEEN_STORE, dedupRetention, Duration.ofMillis(1), false),
            Serdes.Long(),
            Serdes.Long()));

    KStream<String, StopResumeLogChange> changes =
        builder.stream(Topics.CDC_STOP_RESUME_LOG_NAME, Consumed.with(STRING, STRING))
            .filter((key, value) -> value != null) // tombstones after deletes
            .mapValues(StopResumeLogChange::of);
    changes
        .filter((key, change) -> change.failed())
        .mapValues(StopResumeLogChange::asFailure)
        .processValues(DeadLetter::new)
        .to(Topics.CDC_STOP_RESUME_LOG.deadLetterName(), Produced.with(STRING, STRING));
    changes
        .filter((key, change) -> change.action() != null)
        .mapValues(StopResumeLogChange::action)
        .process(() -> new FirstDelivery(SEEN_STORE), Named.as("first-delivery"), SEEN_STORE)
        .mapValues(action -> codec.encode(Topics.CARD_ACTIONS, action))
        .to(Topics.CARD_ACTIONS_NAME, Produced.with(STRING, Serdes.ByteArray()));
    return builder.build();
  }
}
