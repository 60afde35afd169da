package com.cmp.polling.listener.topology;

import com.cmp.polling.schemas.lifecycle.LifecycleEvent;
import com.cmp.polling.schemas.lifecycle.LifecycleEventType;
import java.util.Arrays;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps, per device, the ids of its live cards (built from the card stream, never from a database
 * query), and turns a device change into one event per card of the device, keyed by card id.
 */
final class DeviceFanOut implements Processor<String, String, String, LifecycleEvent> {

  private static final Logger log = LoggerFactory.getLogger(DeviceFanOut.class);

  private final String storeName;
  private ProcessorContext<String, LifecycleEvent> context;
  private KeyValueStore<String, String> cardsByDevice;

  DeviceFanOut(String storeName) {
    this.storeName = storeName;
  }

  @Override
  public void init(ProcessorContext<String, LifecycleEvent> context) {
    this.context = context;
    this.cardsByDevice = context.getStateStore(storeName);
  }

  @Override
  public void process(Record<String, String> record) {
    String deviceId = record.key();
    FanOutInput input = FanOutInput.parse(record.value());
    TreeSet<Long> cards = read(deviceId);
    if (input.membership() != null) {
      boolean changed =
          input.membership() == '+' ? cards.add(input.cardId()) : cards.remove(input.cardId());
      if (changed) {
        write(deviceId, cards);
      }
      return;
    }
    FanOutInput.DeviceChange device = input.device();
    long id = Long.parseLong(deviceId);
    for (long cardId : cards) {
      LifecycleEvent event =
          LifecycleEvent.ofCard(device.type(), cardId, id, device.occurredAt())
              .withSourcePosition(device.position());
      context.forward(new Record<>(Long.toString(cardId), event, record.timestamp()));
    }
    if (device.type() == LifecycleEventType.DEVICE_DELETED) {
      // Worth a line of its own: from now on none of these cards is polled, until it moves.
      log.info(
          "device {} deleted: its {} cards leave the queues until moved to a live device or out of"
              + " it",
          deviceId,
          cards.size());
    } else {
      log.debug("device {} {}: {} card events", deviceId, device.type().code(), cards.size());
    }
  }

  private TreeSet<Long> read(String deviceId) {
    String stored = cardsByDevice.get(deviceId);
    TreeSet<Long> cards = new TreeSet<>();
    if (stored != null && !stored.isEmpty()) {
      Arrays.stream(stored.split(",")).map(Long::valueOf).forEach(cards::add);
    }
    return cards;
  }

  private void write(String deviceId, TreeSet<Long> cards) {
    if (cards.isEmpty()) {
      cardsByDevice.delete(deviceId);
    } else {
      cardsByDevice.put(
          deviceId, cards.stream().map(String::valueOf).collect(Collectors.joining(",")));
    }
  }
}
