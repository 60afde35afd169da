package com.cmp.polling.handlers.config;

import com.cmp.polling.autoconfigure.readiness.ReadinessCheck;
import java.util.Collection;
import java.util.List;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.stereotype.Component;

/**
 * Ready once every task consumer of this app (each task type's regular and manual topic) has
 * partitions of its topic assigned: before that its group has not given it any task to check. An
 * instance beyond a topic's partition count gets none and stays not ready, which is what it is.
 */
@Component
class ConsumersAssigned implements ReadinessCheck {

  private final KafkaListenerEndpointRegistry registry;

  ConsumersAssigned(KafkaListenerEndpointRegistry registry) {
    this.registry = registry;
  }

  @Override
  public String waitingFor() {
    return "partitions assigned to every task consumer, of "
        + unassigned().stream().map(MessageListenerContainer::getListenerId).toList();
  }

  @Override
  public boolean ready() {
    return !registry.getListenerContainers().isEmpty() && unassigned().isEmpty();
  }

  private List<MessageListenerContainer> unassigned() {
    return registry.getListenerContainers().stream().filter(c -> !assigned(c)).toList();
  }

  private static boolean assigned(MessageListenerContainer container) {
    Collection<TopicPartition> partitions = container.getAssignedPartitions();
    return container.isRunning() && partitions != null && !partitions.isEmpty();
  }
}
