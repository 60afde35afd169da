package com.cmp.polling.listener.consumer;

import com.cmp.polling.schemas.Topics;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;

/** Consumes {@code polling.lifecycle} in batches and applies them to the polling queues. */
class LifecycleEventsListener {

  /** The listener container's id. */
  static final String ID = "lifecycle-events";

  private final LifecycleEventApplier applier;

  LifecycleEventsListener(LifecycleEventApplier applier) {
    this.applier = applier;
  }

  @KafkaListener(
      id = ID,
      groupId = Topics.LIFECYCLE_GROUP,
      topics = Topics.LIFECYCLE_NAME,
      containerFactory = ConsumerConfiguration.CONTAINER_FACTORY,
      batch = "true")
  void onEvents(List<ConsumerRecord<String, byte[]>> records) {
    applier.apply(records);
  }
}
