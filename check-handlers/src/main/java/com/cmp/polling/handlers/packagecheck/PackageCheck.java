package com.cmp.polling.handlers.packagecheck;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.core.packageusage.PackageOwner;
import com.cmp.polling.core.packageusage.PackageStatus;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.handlers.base.BatchCheckBody;
import com.cmp.polling.handlers.base.CarrierReply;
import com.cmp.polling.handlers.base.CheckResult;
import com.cmp.polling.handlers.base.FanOut;
import com.cmp.polling.handlers.base.PollEvaluations;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.gateway.CarrierGateway;
import com.cmp.polling.stopresume.gateway.CarrierOperation;
import com.cmp.polling.stopresume.gateway.CarrierPackageState;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The package check: asks the carrier for the state of the card's package (its package query) and
 * marks the package in use expired or exhausted when the carrier says so; then brings the card's
 * (or device's) packages up to date locally — expired by time, exhausted by usage — and asks
 * StopResumeService.
 *
 * <p>Per slice: the carriers asked in parallel, in batch calls where they have them; the carrier's
 * reports written card by card in poll order (they are rare, and a device's second report must find
 * the first one's change); the packages of every owner of the slice brought up to date in one
 * statement per kind of owner (most of the time it changes nothing); the cards evaluated together.
 *
 * <p>A gateway that does not offer the query leaves the local check alone to decide. A carrier that
 * fails (unreachable, 5xx, rate-limited) fails the check before anything is written: it is retried
 * soon, nothing changed.
 */
@Component
class PackageCheck implements BatchCheckBody<Optional<CarrierPackageState>> {

  private static final Logger log = LoggerFactory.getLogger(PackageCheck.class);

  private final PackageUsageStore packages;
  private final CarrierGateway gateway;
  private final PollEvaluations evaluations;
  private final Clock clock;

  PackageCheck(
      PackageUsageStore packages,
      CarrierGateway gateway,
      PollEvaluations evaluations,
      Clock clock) {
    this.packages = packages;
    this.gateway = gateway;
    this.evaluations = evaluations;
    this.clock = clock;
  }

  @Override
  public TaskType type() {
    return TaskType.PACKAGE;
  }

  @Override
  public CarrierOperation operation() {
    return CarrierOperation.PACKAGE;
  }

  /**
   * What the carrier reports of each card's package; empty when it cannot be asked (a card without
   * an ICCID, a gateway without the query): the local check alone decides.
   */
  @Override
  public List<CarrierReply<Optional<CarrierPackageState>>> queryAll(List<LoadedCard> cards) {
    List<CarrierReply<Optional<CarrierPackageState>>> replies =
        CarrierReply.askAll(
            cards,
            gateway::packageStateAll,
            loaded -> {
              log.warn("card {}: local package check only: it has no ICCID", loaded.id());
              return CarrierReply.of(Optional.empty());
            });
    for (int i = 0; i < cards.size(); i++) {
      Optional<CarrierPackageState> reported = replies.get(i).value();
      if (reported != null && reported.isEmpty()) {
        log.debug(
            "card {}: the gateway offers no package query; local check only", cards.get(i).id());
      }
    }
    return replies;
  }

  @Override
  public Map<Long, CheckResult> recordAll(
      List<Queried<Optional<CarrierPackageState>>> queried, FanOut workers) {
    Map<Long, CheckResult> results = new HashMap<>(queried.size() * 2);
    List<Card> checked = new ArrayList<>(queried.size());
    for (Queried<Optional<CarrierPackageState>> q : queried) {
      Card card = q.card().card();
      try {
        q.reply().ifPresent(reported -> markAsReported(card, reported));
        checked.add(card);
      } catch (RuntimeException e) {
        results.put(card.id(), CheckResult.failed(e));
      }
    }
    refresh(checked);
    evaluations
        .evaluate(type(), checked, workers)
        .forEach((id, evaluation) -> results.put(id, evaluation.asCheckResult()));
    return results;
  }

  /**
   * Marks the package in use as the carrier reports it, when that is expired or exhausted. Only
   * those two: the carrier cannot make a package valid again that the platform ended (a package is
   * bought, activated and reset by the platform).
   */
  private void markAsReported(Card card, CarrierPackageState reported) {
    PackageStatus status =
        switch (reported) {
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
                    reported.code()));
  }

  /** The packages of the cards' owners, expired by time and exhausted by usage, all at once. */
  private void refresh(List<Card> checked) {
    Map<PackageOwner, Card> owners = new LinkedHashMap<>();
    checked.forEach(card -> owners.putIfAbsent(card.packageOwner(), card));
    if (owners.isEmpty()) {
      return;
    }
    packages
        .refreshStateAll(owners.keySet(), clock.instant())
        .forEach(
            (owner, changed) ->
                log.info(
                    "card {}: {} package(s) of {} expired or exhausted",
                    owners.get(owner).id(),
                    changed,
                    owner));
  }
}
