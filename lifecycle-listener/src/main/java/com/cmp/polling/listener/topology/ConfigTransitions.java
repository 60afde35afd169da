package com.cmp.polling.listener.topology;

import com.cmp.polling.schemas.lifecycle.LifecycleEvent;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A change of a {@code tb_polling_config} row: one config-changed event, unless nothing changed.
 */
final class ConfigTransitions {

  private ConfigTransitions() {}

  static List<LifecycleEvent> events(ChangeEnvelope change) {
    JsonNode row = change.after() != null ? change.after() : change.before();
    long configId = Fields.requireLong(row, "id");
    boolean relevant =
        switch (change.op()) {
          case 'c', 'd' -> true;
          case 'u' -> !withoutTimestamps(change.before()).equals(withoutTimestamps(change.after()));
          default -> false; // snapshot: every process loads the configs at start-up
        };
    return relevant
        ? List.of(
            LifecycleEvent.configChanged(configId, change.occurredAt())
                .withSourcePosition(change.position()))
        : List.of();
  }

  private static JsonNode withoutTimestamps(JsonNode row) {
    ObjectNode copy = ((ObjectNode) row).deepCopy();
    copy.remove("updated_at");
    copy.remove("created_at");
    return copy;
  }
}
