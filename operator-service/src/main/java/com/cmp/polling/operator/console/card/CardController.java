package com.cmp.polling.operator.console.card;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.operator.action.ActionDone;
import com.cmp.polling.operator.action.CheckRequested;
import com.cmp.polling.operator.action.OperatorCommands;
import com.cmp.polling.operator.web.DecimalId;
import com.cmp.polling.operator.web.NotFoundException;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * The card page's calls: search by id or ICCID, the card's details, and the operator's actions on
 * it — a check now, stop and resume with an optional protection period — carried out by {@link
 * OperatorCommands}, as the admin API's: the same parsing, cap, answers and errors.
 */
@RestController
class CardController {

  private final CardStore cards;
  private final CardDetails details;
  private final OperatorCommands commands;

  CardController(CardStore cards, CardDetails details, OperatorCommands commands) {
    this.cards = cards;
    this.details = details;
    this.commands = commands;
  }

  /** {@code ?q=}: an ICCID first (they are digits too), then a card id. */
  @GetMapping("/console/api/cards")
  Found search(@RequestParam(name = "q", required = false) String query) {
    String q = query == null ? "" : query.strip();
    if (q.isEmpty()) {
      throw new IllegalArgumentException("q is missing: give a card id or an ICCID");
    }
    if (q.length() > 64) {
      throw new IllegalArgumentException("q is too long for a card id or an ICCID");
    }
    Optional<Card> card = cards.findByIccid(q);
    if (card.isEmpty() && q.chars().allMatch(Character::isDigit) && q.length() <= 18) {
      card = cards.findById(Long.parseLong(q));
    }
    return card.map(c -> new Found(c.id(), c.iccid()))
        .orElseThrow(() -> new NotFoundException("no live card has the id or ICCID '" + q + "'"));
  }

  @GetMapping("/console/api/cards/{cardId}")
  CardView card(@PathVariable String cardId) {
    return details.of(DecimalId.parse("cardId", cardId));
  }

  @PostMapping("/console/api/cards/{cardId}/checks/{taskType}")
  @ResponseStatus(HttpStatus.ACCEPTED)
  CheckRequested checkNow(@PathVariable String cardId, @PathVariable String taskType) {
    return commands.checkNow(cardId, taskType);
  }

  @PostMapping("/console/api/cards/{cardId}/stop")
  ActionDone stop(@PathVariable String cardId, @RequestBody(required = false) JsonNode body) {
    return commands.stop(cardId, body);
  }

  @PostMapping("/console/api/cards/{cardId}/resume")
  ActionDone resume(@PathVariable String cardId, @RequestBody(required = false) JsonNode body) {
    return commands.resume(cardId, body);
  }

  record Found(long cardId, String iccid) {}
}
