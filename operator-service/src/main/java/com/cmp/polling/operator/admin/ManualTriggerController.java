package com.cmp.polling.operator.admin;

import com.cmp.polling.operator.action.CheckRequested;
import com.cmp.polling.operator.action.OperatorCommands;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/admin/cards/{cardId}/checks/{taskType}}: a manual check, run at the scheduler's
 * next round (202). Carried out by {@link OperatorCommands}, as the console's.
 */
@RestController
class ManualTriggerController {

  private final OperatorCommands commands;

  ManualTriggerController(OperatorCommands commands) {
    this.commands = commands;
  }

  @PostMapping("/api/admin/cards/{cardId}/checks/{taskType}")
  @ResponseStatus(HttpStatus.ACCEPTED)
  CheckRequested trigger(@PathVariable String cardId, @PathVariable String taskType) {
    return commands.checkNow(cardId, taskType);
  }
}
