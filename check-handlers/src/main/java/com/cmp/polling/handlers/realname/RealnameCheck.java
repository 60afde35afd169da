package com.cmp.polling.handlers.realname;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.core.card.RealNameStatus;
import com.cmp.polling.core.packageusage.PackageOwner;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.handlers.base.BatchCheckBody;
import com.cmp.polling.handlers.base.CarrierReply;
import com.cmp.polling.handlers.base.CheckOutcome;
import com.cmp.polling.handlers.base.CheckResult;
import com.cmp.polling.handlers.base.FanOut;
import com.cmp.polling.handlers.base.PollEvaluations;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.CardNotFoundException;
import com.cmp.polling.stopresume.gateway.CarrierGateway;
import com.cmp.polling.stopresume.gateway.CarrierOperation;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The realname check: asks the carrier, stores the status; when a card becomes verified (0 → 1) its
 * (or its device's) pending packages are activated and StopResumeService is asked at once, so a
 * card stopped for not_realname is resumed in the same handling, not one interval later.
 *
 * <p>Per slice: the carriers asked in parallel, in batch calls where they have them; the statuses
 * that changed written in one statement, the pending packages of the newly verified cards' owners
 * activated in one, those cards evaluated together. A card whose status did not change (most of
 * them) costs nothing more than its query: it goes back to its queue as the poll read it.
 */
@Component
class RealnameCheck implements BatchCheckBody<Boolean> {

  private static final Logger log = LoggerFactory.getLogger(RealnameCheck.class);

  private final CardStore cards;
  private final PackageUsageStore packages;
  private final CarrierGateway gateway;
  private final PollEvaluations evaluations;
  private final Clock clock;

  RealnameCheck(
      CardStore cards,
      PackageUsageStore packages,
      CarrierGateway gateway,
      PollEvaluations evaluations,
      Clock clock) {
    this.cards = cards;
    this.packages = packages;
    this.gateway = gateway;
    this.evaluations = evaluations;
    this.clock = clock;
  }

  @Override
  public TaskType type() {
    return TaskType.REALNAME;
  }

  @Override
  public CarrierOperation operation() {
    return CarrierOperation.REAL_NAME;
  }

  @Override
  public List<CarrierReply<Boolean>> queryAll(List<LoadedCard> cards) {
    return CarrierReply.askAll(cards, gateway::isRealNameVerifiedAll);
  }

  @Override
  public Map<Long, CheckResult> recordAll(List<Queried<Boolean>> queried, FanOut workers) {
    Map<Long, CheckResult> results = new HashMap<>(queried.size() * 2);
    Map<Long, RealNameStatus> changes = new LinkedHashMap<>();
    Map<Long, Card> changed = new LinkedHashMap<>();
    for (Queried<Boolean> q : queried) {
      Card card = q.card().card();
      boolean verified = q.reply();
      if (verified == card.isRealNameVerified()) {
        results.put(card.id(), CheckResult.of(CheckOutcome.next(card)));
      } else {
        RealNameStatus status = verified ? RealNameStatus.VERIFIED : RealNameStatus.UNVERIFIED;
        changes.put(card.id(), status);
        changed.put(card.id(), card.withRealNameStatus(status));
      }
    }
    if (changes.isEmpty()) {
      return results;
    }
    Set<Long> updated = cards.updateRealNameStatusAll(changes);
    List<Card> newlyVerified = new ArrayList<>();
    for (Card card : changed.values()) {
      if (!updated.contains(card.id())) {
        results.put(card.id(), CheckResult.failed(new CardNotFoundException(card.id())));
        continue;
      }
      log.info(
          "card {}: real-name {} at the carrier",
          card.id(),
          card.isRealNameVerified() ? "verified" : "no longer verified");
      if (card.isRealNameVerified()) {
        newlyVerified.add(card);
      } else {
        // Losing the verification stops nothing here: the next package or usage check decides.
        results.put(card.id(), CheckResult.of(CheckOutcome.next(card)));
      }
    }
    activatePendingPackages(newlyVerified);
    evaluations
        .evaluate(type(), newlyVerified, workers)
        .forEach((id, evaluation) -> results.put(id, evaluation.asCheckResult()));
    return results;
  }

  /** A first verification activates the pending packages of the card's owner. */
  private void activatePendingPackages(List<Card> newlyVerified) {
    if (newlyVerified.isEmpty()) {
      return;
    }
    Set<PackageOwner> owners = new LinkedHashSet<>();
    newlyVerified.forEach(card -> owners.add(card.packageOwner()));
    Map<PackageOwner, Integer> activated = packages.activatePendingAll(owners, clock.instant());
    for (Card card : newlyVerified) {
      Integer count = activated.remove(card.packageOwner());
      if (count != null) {
        log.info(
            "card {}: first real-name verification activated {} pending package(s) of {}",
            card.id(),
            count,
            card.packageOwner());
      }
    }
  }
}
