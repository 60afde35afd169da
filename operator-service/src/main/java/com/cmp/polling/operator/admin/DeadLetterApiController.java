package com.cmp.polling.operator.admin;

import com.cmp.polling.operator.action.OperatorCommands;
import com.cmp.polling.operator.action.RecordsRequest;
import com.cmp.polling.operator.deadletter.DeadLetterTopics;
import com.cmp.polling.operator.deadletter.DeadLetters;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * The dead-letter topics through the API, as the console's dead-letters page handles them: {@code
 * GET /api/admin/dead-letters} (unhandled records per topic, read from Kafka now), {@code GET
 * /api/admin/dead-letters/{topic}} (its newest unhandled records), {@code POST
 * /api/admin/dead-letters/{topic}/replay} and {@code /discard} with {@code {"ids":
 * ["partition@offset", ...]}}, carried out by {@link OperatorCommands}.
 */
@RestController
class DeadLetterApiController {

  private final DeadLetters deadLetters;
  private final OperatorCommands commands;

  DeadLetterApiController(DeadLetters deadLetters, OperatorCommands commands) {
    this.deadLetters = deadLetters;
    this.commands = commands;
  }

  /** Every dead-letter topic, each with its records neither replayed nor discarded. */
  @GetMapping("/api/admin/dead-letters")
  Map<String, Long> counts() {
    Map<String, Long> counts = new LinkedHashMap<>();
    DeadLetterTopics.names().forEach(topic -> counts.put(topic, null));
    counts.putAll(deadLetters.unhandledCounts());
    return counts;
  }

  @GetMapping("/api/admin/dead-letters/{topic}")
  DeadLetters.TopicLetters records(@PathVariable String topic) {
    return deadLetters.list(topic);
  }

  @PostMapping("/api/admin/dead-letters/{topic}/replay")
  List<DeadLetters.Outcome> replay(
      @PathVariable String topic,
      @RequestBody
          @io.swagger.v3.oas.annotations.parameters.RequestBody(
              content = @Content(schema = @Schema(implementation = RecordsRequest.class)))
          JsonNode body) {
    return commands.replay(topic, body);
  }

  @PostMapping("/api/admin/dead-letters/{topic}/discard")
  List<DeadLetters.Outcome> discard(
      @PathVariable String topic,
      @RequestBody
          @io.swagger.v3.oas.annotations.parameters.RequestBody(
              content = @Content(schema = @Schema(implementation = RecordsRequest.class)))
          JsonNode body) {
    return commands.discard(topic, body);
  }
}
