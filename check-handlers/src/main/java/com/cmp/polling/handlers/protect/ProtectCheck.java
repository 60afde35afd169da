package com.cmp.polling.handlers.protect;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.handlers.base.CardByCardBody;
import com.cmp.polling.handlers.base.CheckOutcome;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.CardNotFoundException;
import com.cmp.polling.stopresume.OperatorActions;
import com.cmp.polling.stopresume.OperatorActions.ProtectionCheck;
import com.cmp.polling.stopresume.StopResumeService;
import com.cmp.polling.stopresume.gateway.CarrierCard;
import com.cmp.polling.stopresume.gateway.CarrierGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The protect check (seed 004 decision 4, both paths): while an operator's protection period runs,
 * the carrier's state is compared with the desired one and forced back when it drifted; once the
 * period is over, StopResumeService evaluates the card once and it leaves the protect queue.
 */
@Component
class ProtectCheck implements CardByCardBody {

  private static final Logger log = LoggerFactory.getLogger(ProtectCheck.class);

  private final CardStore cards;
  private final ProtectionPeriods protection;
  private final CarrierGateway gateway;
  private final OperatorActions operatorActions;
  private final StopResumeService stopResume;

  ProtectCheck(
      CardStore cards,
      ProtectionPeriods protection,
      CarrierGateway gateway,
      OperatorActions operatorActions,
      StopResumeService stopResume) {
    this.cards = cards;
    this.protection = protection;
    this.gateway = gateway;
    this.operatorActions = operatorActions;
    this.stopResume = stopResume;
  }

  @Override
  public TaskType type() {
    return TaskType.PROTECT;
  }

  @Override
  public CheckOutcome check(CheckTask task, LoadedCard loaded) {
    long cardId = loaded.id();
    if (!protection.isProtected(cardId)) {
      log.info("card {}: protection period over, back to the rules", cardId);
      stopResume.evaluateAndAct(cardId);
      return CheckOutcome.LEAVE;
    }
    if (protection.desiredState(cardId).isEmpty()) {
      return CheckOutcome.NEXT; // a protection key nobody can read: nothing to enforce yet
    }
    Card card = cards.findById(cardId).orElseThrow(() -> new CardNotFoundException(cardId));
    boolean online = gateway.isOnline(CarrierCard.of(card));
    ProtectionCheck result = operatorActions.enforceProtection(cardId, online);
    return result == ProtectionCheck.BUSY ? CheckOutcome.RETRY_SOON : CheckOutcome.NEXT;
  }
}
