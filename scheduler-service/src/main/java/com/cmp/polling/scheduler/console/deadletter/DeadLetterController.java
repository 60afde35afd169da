package com.cmp.polling.scheduler.console.deadletter;

import com.cmp.polling.scheduler.monitoring.FleetSnapshot;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The dead-letters page's calls: counts per topic (from the fleet snapshot), one topic's newest
 * records, replay and discard of chosen records.
 */
@RestController
class DeadLetterController {

  /** Records per replay or discard call. */
  static final int MAX_PER_CALL = 1000;

  private final DeadLetters deadLetters;
  private final FleetSnapshot snapshot;

  DeadLetterController(DeadLetters deadLetters, FleetSnapshot snapshot) {
    this.deadLetters = deadLetters;
    this.snapshot = snapshot;
  }

  /** Unhandled records per topic as of the last snapshot; every topic is listed. */
  @GetMapping("/console/api/dead-letters")
  Map<String, Long> counts() {
    Map<String, Long> counts = new java.util.LinkedHashMap<>();
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
  List<DeadLetters.Outcome> replay(@PathVariable String topic, @RequestBody Chosen body) {
    return deadLetters.replay(topic, Chosen.ids(body));
  }

  @PostMapping("/console/api/dead-letters/{topic}/discard")
  List<DeadLetters.Outcome> discard(@PathVariable String topic, @RequestBody Chosen body) {
    return deadLetters.discard(topic, Chosen.ids(body));
  }

  /**
   * @param ids records as {@code partition@offset}
   */
  record Chosen(List<String> ids) {

    static List<String> ids(Chosen body) {
      if (body == null || body.ids() == null || body.ids().isEmpty()) {
        throw new IllegalArgumentException("ids is missing: list records as partition@offset");
      }
      if (body.ids().size() > MAX_PER_CALL) {
        throw new IllegalArgumentException(
            "at most " + MAX_PER_CALL + " records per call, got " + body.ids().size());
      }
      return body.ids();
    }
  }
}
