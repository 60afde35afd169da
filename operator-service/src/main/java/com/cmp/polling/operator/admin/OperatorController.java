package com.cmp.polling.operator.admin;

import com.cmp.polling.operator.action.ActionDone;
import com.cmp.polling.operator.action.OperatorCommands;
import com.cmp.polling.operator.action.ProtectionRequest;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /api/admin/cards/{cardId}/stop} and {@code /resume}: an operator's stop or resume at
 * the carrier (stop reason {@code manual}), with an optional protection period during which the
 * rules leave the card alone ({@code {"protectForSeconds": 3600}}). Carried out by {@link
 * OperatorCommands}, as the console's; once the carrier has acted, the answer is 200 whatever
 * happens next (see {@link ActionDone}).
 */
@RestController
class OperatorController {

  private final OperatorCommands commands;

  OperatorController(OperatorCommands commands) {
    this.commands = commands;
  }

  @PostMapping("/api/admin/cards/{cardId}/stop")
  ActionDone stop(
      @PathVariable String cardId,
      @RequestBody(required = false)
          @io.swagger.v3.oas.annotations.parameters.RequestBody(
              required = false,
              content = @Content(schema = @Schema(implementation = ProtectionRequest.class)))
          JsonNode body) {
    return commands.stop(cardId, body);
  }

  @PostMapping("/api/admin/cards/{cardId}/resume")
  ActionDone resume(
      @PathVariable String cardId,
      @RequestBody(required = false)
          @io.swagger.v3.oas.annotations.parameters.RequestBody(
              required = false,
              content = @Content(schema = @Schema(implementation = ProtectionRequest.class)))
          JsonNode body) {
    return commands.resume(cardId, body);
  }
}
