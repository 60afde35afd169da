package com.cmp.polling.listener.topology;

import com.cmp.polling.schemas.lifecycle.LifecycleEvent;
import java.util.List;
import java.util.function.Function;
import org.apache.kafka.streams.KeyValue;

/**
 * A raw change event read into what the topology makes of it, or the reason it could not be read:
 * malformed input goes to the dead-letter topic instead of stopping the stream.
 *
 * @param events lifecycle events, empty when nothing relevant changed
 * @param fanOut inputs of the device fan-out, keyed by device id ({@link FanOutInput})
 * @param raw the original value, kept for the dead-letter topic
 * @param error why it could not be read, or null
 */
record Parsed(
    List<LifecycleEvent> events, List<KeyValue<String, String>> fanOut, String raw, String error) {

  static Parsed of(
      String raw,
      Function<ChangeEnvelope, List<LifecycleEvent>> events,
      Function<ChangeEnvelope, List<KeyValue<String, String>>> fanOut) {
    try {
      ChangeEnvelope change = ChangeEnvelope.parse(raw);
      return new Parsed(events.apply(change), fanOut.apply(change), raw, null);
    } catch (MalformedChangeException | IllegalArgumentException e) {
      // IllegalArgumentException: values a LifecycleEvent refuses (an id of 0, ...).
      return new Parsed(List.of(), List.of(), raw, e.getMessage());
    }
  }

  boolean failed() {
    return error != null;
  }
}
