package com.cmp.polling.listener.topology;

import com.cmp.polling.schemas.Topic;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.lifecycle.LifecycleEvent;
import java.util.List;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.state.Stores;

/**
 * Raw CDC topics → {@code polling.lifecycle}.
 *
 * <pre>
 * cmp.public.tb_iot_card ──┬─ card transitions ───────────────────────────────┐
 *                          └─ device membership (+card / -card) ─┐            │
 * cmp.public.tb_device ──── device transitions ──────────────────┴► repartition│
 *                                     by device id ► fan-out (device-cards store)
 * cmp.public.tb_polling_config ─ config changed ──────────────────────────────┴► polling.lifecycle
 * </pre>
 *
 * Tombstones (after deletes) are dropped: the delete event said it all. A record that cannot be
 * read goes to its raw topic's {@code -dlt} with the reason, and the stream goes on.
 */
public final class LifecycleTopology {

  /** Device id → ids of its live cards. */
  public static final String DEVICE_CARDS_STORE = "device-cards";

  private static final Serde<String> STRING = Serdes.String();

  private LifecycleTopology() {}

  public static Topology build(PayloadCodec codec) {
    StreamsBuilder builder = new StreamsBuilder();
    builder.addStateStore(
        Stores.keyValueStoreBuilder(
            Stores.persistentKeyValueStore(DEVICE_CARDS_STORE), STRING, STRING));

    KStream<String, Parsed> cards =
        read(builder, Topics.CDC_CARD, CardTransitions::events, CardTransitions::membership);
    KStream<String, Parsed> devices =
        read(builder, Topics.CDC_DEVICE, change -> List.of(), DeviceTransitions::events);
    KStream<String, Parsed> configs =
        read(builder, Topics.CDC_CONFIG, ConfigTransitions::events, change -> List.of());

    KStream<String, LifecycleEvent> direct =
        cards.merge(configs, Named.as("card-and-config-changes")).flatMapValues(Parsed::events);
    KStream<String, LifecycleEvent> fannedOut =
        cards
            .merge(devices, Named.as("membership-and-device-changes"))
            .flatMap((key, parsed) -> parsed.fanOut())
            .repartition(
                Repartitioned.<String, String>as("device-fan-out")
                    .withKeySerde(STRING)
                    .withValueSerde(STRING))
            .process(
                () -> new DeviceFanOut(DEVICE_CARDS_STORE),
                Named.as("device-fan-out-processor"),
                DEVICE_CARDS_STORE);

    direct
        .merge(fannedOut, Named.as("lifecycle-events"))
        .map((key, event) -> KeyValue.pair(event.key(), codec.encode(Topics.LIFECYCLE, event)))
        .to(Topics.LIFECYCLE_NAME, Produced.with(STRING, Serdes.ByteArray()));
    return builder.build();
  }

  private static KStream<String, Parsed> read(
      StreamsBuilder builder,
      Topic<String> topic,
      Function<ChangeEnvelope, List<LifecycleEvent>> events,
      Function<ChangeEnvelope, List<KeyValue<String, String>>> fanOut) {
    KStream<String, Parsed> parsed =
        builder.stream(topic.name(), Consumed.with(STRING, STRING))
            .filter((key, value) -> value != null)
            .mapValues(value -> Parsed.of(value, events, fanOut));
    parsed
        .filter((key, value) -> value.failed())
        .processValues(DeadLetter::new)
        .to(topic.deadLetterName(), Produced.with(STRING, STRING));
    return parsed.filter((key, value) -> !value.failed());
  }
}
