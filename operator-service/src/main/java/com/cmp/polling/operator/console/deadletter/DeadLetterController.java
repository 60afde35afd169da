package com.cmp.polling.operator.console.deadletter;

import com.cmp.polling.operator.action.OperatorCommands;
import com.cmp.polling.operator.deadletter.DeadLetterTopics;
import com.cmp.polling.operator.deadletter.DeadLetters;
import com.cmp.polling.operator.monitoring.FleetSnapshot;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * The dead-letters page's calls: counts per topic (from the fleet snapshot), one topic's newest
 * records, replay and discard of chosen records (by {@link OperatorCommands}, as the API's).
 */
@RestController
class DeadLetterController {

  private final DeadLetters deadLetters;
  private final OperatorCommands commands;
  private final FleetSnapshot snapshot;

  DeadLetterController(DeadLetters deadLetters, OperatorCommands commands, FleetSnapshot snapshot) {
    this.deadLetters = deadLetters;
    this.commands = commands;
    this.snapshot = snapshot;
  }

  /** Unhandled records per topic as of the last snapshot; every topic is listed. */
  @GetMapping("/console/api/dead-letters")
  Map<String, Long> counts() {
    Map<String, Long> counts = new LinkedHashMap<>();
    DeadLetterTopics.names().forEach(topic -> counts.put(topic, null));
    counts.putAll(snapshot.current().deadLetters());
    return counts;
  }

  @GetMapping("/console/api/dead-letters/records")
  DeadLetters.TopicLetters records(@RequestParam(name = "topic", required = false) String topic) {
    if (topic == null || topic.isBlank()) {
      throw new IllegalArgumentException(
          "topic is missing, expected one of " + DeadLetterTopics.names());
    }
    return deadLetters.list(topic);
  }

  @PostMapping("/console/api/dead-letters/{topic}/replay")
  List<DeadLetters.Outcome> replay(@PathVariable String topic, @RequestBody JsonNode body) {
    return commands.replay(topic, body);
  }

  @PostMapping("/console/api/dead-letters/{topic}/discard")
  List<DeadLetters.Outcome> discard(@PathVariable String topic, @RequestBody JsonNode body) {
    return commands.discard(topic, body);
  }
}
