package com.cmp.polling.handlers.packagecheck;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.core.packageusage.PackageStatus;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.handlers.base.CardByCardBody;
import com.cmp.polling.handlers.base.CheckOutcome;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.CardNotFoundException;
import com.cmp.polling.stopresume.StopResumeService;
import com.cmp.polling.stopresume.gateway.CarrierCard;
import com.cmp.polling.stopresume.gateway.CarrierGateway;
import com.cmp.polling.stopresume.gateway.CarrierPackageState;
import java.time.Clock;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The package check: asks the carrier for the state of the card's package (seed 004 decision 4,
 * QueryPackageInfo) and marks the package in use expired or exhausted when the carrier says so;
 * then brings the card's (or device's) packages up to date locally — expired by time, exhausted by
 * usage — and asks StopResumeService.
 *
 * <p>A gateway that does not offer the query leaves the local check alone to decide. A carrier that
 * fails (unreachable, 5xx, rate-limited) fails the check before anything is written: it is retried
 * soon, nothing changed.
 */
@Component
class PackageCheck implements CardByCardBody {

  private static final Logger log = LoggerFactory.getLogger(PackageCheck.class);

  private final CardStore cards;
  private final PackageUsageStore packages;
  private final CarrierGateway gateway;
  private final StopResumeService stopResume;
  private final Clock clock;

  PackageCheck(
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
    return TaskType.PACKAGE;
  }

  @Override
  public CheckOutcome check(CheckTask task, LoadedCard loaded) {
    Card card =
        cards.findById(loaded.id()).orElseThrow(() -> new CardNotFoundException(loaded.id()));
    reconcileWithCarrier(card);
    int changed = packages.refreshState(card.packageOwner(), clock.instant());
    if (changed > 0) {
      log.info(
          "card {}: {} package(s) of {} expired or exhausted",
          card.id(),
          changed,
          card.packageOwner());
    }
    return CheckOutcome.after(stopResume.evaluateAndAct(card.id()));
  }

  /**
   * Marks the package in use as the carrier reports it, when that is expired or exhausted. Only
   * those two: the carrier cannot make a package valid again that the platform ended (a package is
   * bought, activated and reset by the platform).
   */
  private void reconcileWithCarrier(Card card) {
    CarrierCard target;
    try {
      target = CarrierCard.of(card);
    } catch (IllegalArgumentException e) {
      log.warn("card {}: local package check only: {}", card.id(), e.getMessage());
      return;
    }
    Optional<CarrierPackageState> reported = gateway.packageState(target);
    if (reported.isEmpty()) {
      log.debug("card {}: the gateway offers no package query; local check only", card.id());
      return;
    }
    PackageStatus status =
        switch (reported.get()) {
          case EXPIRED -> PackageStatus.EXPIRED;
          case EXHAUSTED -> PackageStatus.EXHAUSTED;
          case NONE, PENDING, ACTIVE -> null;
        };
    if (status == null) {
      return;
    }
    packages
        .markDeciding(card.packageOwner(), status)
        .ifPresent(
            id ->
                log.info(
                    "card {}: package {} of {} marked {}: the carrier reports it {}",
                    card.id(),
                    id,
                    card.packageOwner(),
                    status.name().toLowerCase(Locale.ROOT),
                    reported.get().code()));
  }
}
