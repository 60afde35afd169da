package com.cmp.polling.handlers.realname;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.core.card.RealNameStatus;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.handlers.base.CardByCardBody;
import com.cmp.polling.handlers.base.CheckOutcome;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.CardNotFoundException;
import com.cmp.polling.stopresume.StopResumeService;
import com.cmp.polling.stopresume.gateway.CarrierCard;
import com.cmp.polling.stopresume.gateway.CarrierGateway;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The realname check: asks the carrier, stores the status; when a card becomes verified (0 → 1) its
 * (or its device's) pending packages are activated and StopResumeService is asked at once, so a
 * card stopped for not_realname is resumed in the same handling (seed 004 decision 4, S1).
 */
@Component
class RealnameCheck implements CardByCardBody {

  private static final Logger log = LoggerFactory.getLogger(RealnameCheck.class);

  private final CardStore cards;
  private final PackageUsageStore packages;
  private final CarrierGateway gateway;
  private final StopResumeService stopResume;
  private final Clock clock;

  RealnameCheck(
      CardStore cards,
      PackageUsageStore packages,
      CarrierGateway gateway,
      StopResumeService stopResume,
      Clock clock) {
    this.cards = cards;
    this.packages = packages;
    this.gateway = gateway;
    this.stopResume = stopResume;
    this.clock = clock;
  }

  @Override
  public TaskType type() {
    return TaskType.REALNAME;
  }

  @Override
  public CheckOutcome check(CheckTask task, LoadedCard loaded) {
    Card card =
        cards.findById(loaded.id()).orElseThrow(() -> new CardNotFoundException(loaded.id()));
    boolean verified = gateway.isRealNameVerified(CarrierCard.of(card));
    if (verified == card.isRealNameVerified()) {
      return CheckOutcome.NEXT;
    }
    cards.updateRealNameStatus(
        card.id(), verified ? RealNameStatus.VERIFIED : RealNameStatus.UNVERIFIED);
    log.info(
        "card {}: real-name {} at the carrier",
        card.id(),
        verified ? "verified" : "no longer verified");
    if (!verified) {
      return CheckOutcome.NEXT;
    }
    int activated = packages.activatePending(card.packageOwner(), clock.instant());
    if (activated > 0) {
      log.info(
          "card {}: first real-name verification activated {} pending package(s) of {}",
          card.id(),
          activated,
          card.packageOwner());
    }
    return CheckOutcome.after(stopResume.evaluateAndAct(card.id()));
  }
}
