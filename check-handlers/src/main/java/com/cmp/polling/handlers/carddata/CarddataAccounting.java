package com.cmp.polling.handlers.carddata;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.card.MonthUsage;
import com.cmp.polling.core.packageusage.PackageOwner;
import com.cmp.polling.core.packageusage.PackageStatus;
import com.cmp.polling.core.packageusage.PackageUsage;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.core.usage.DataUsageSample;
import com.cmp.polling.core.usage.DataUsageStore;
import com.cmp.polling.stopresume.gateway.MonthToDateUsage;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The database side of carddata checks: for each card, month accounting of what the carrier
 * reported, a usage sample, the card's counters, the delta deducted from the active package of its
 * owner (reaching the limit exhausts it). The cards of a poll share one transaction and one
 * statement per step (deductions: one per card of the same device, see {@link #deduct}); their rows
 * are locked first, so a redelivered task sees the counters the first run wrote and accounts a
 * delta of 0.
 */
@Component
class CarddataAccounting {

  private static final Logger log = LoggerFactory.getLogger(CarddataAccounting.class);

  private final CardStore cards;
  private final PackageUsageStore packages;
  private final DataUsageStore usage;
  private final TransactionTemplate transaction;
  private final Clock clock;

  CarddataAccounting(
      CardStore cards,
      PackageUsageStore packages,
      DataUsageStore usage,
      TransactionTemplate transaction,
      Clock clock) {
    this.cards = cards;
    this.packages = packages;
    this.usage = usage;
    this.transaction = transaction;
    this.clock = clock;
  }

  /**
   * Records what the carrier reported for each card, in one transaction.
   *
   * @return each card as the transaction left it, by id; cards gone (or deleted) are missing
   */
  Map<Long, Card> recordAll(Map<Long, MonthToDateUsage> reported) {
    return transaction.execute(status -> record(reported));
  }

  private Map<Long, Card> record(Map<Long, MonthToDateUsage> reported) {
    Instant now = clock.instant();
    Map<Long, Card> written = new HashMap<>(reported.size() * 2);
    List<DataUsageSample> samples = new ArrayList<>(reported.size());
    Map<Long, MonthUsage> counters = new HashMap<>(reported.size() * 2);
    // A device's cards share its packages; each card's delta is deducted as it would be alone.
    Map<PackageOwner, List<CardDelta>> deltas = new HashMap<>();
    // Cards in id order, locked until the end of the transaction.
    for (Card card : cards.findByIdsForUpdate(reported.keySet())) {
      MonthToDateUsage sample = reported.get(card.id());
      MonthAccounting.Sample accounted = MonthAccounting.account(card.monthUsage(), sample);
      if (accounted.stale()) {
        log.warn(
            "card {}: carrier reported month {} although month {} has started; sample ignored",
            card.id(),
            sample.monthStart(),
            card.monthUsage().monthStart());
        written.put(card.id(), card);
        continue;
      }
      if (accounted.newMonth()) {
        log.info(
            "card {}: new month {}; last month closed at {} MB",
            card.id(),
            sample.monthStart(),
            accounted.counters().lastMonthTotalMb());
      }
      samples.add(
          new DataUsageSample(
              card.id(), sample.monthStart(), sample.totalMb(), accounted.delta(), now));
      counters.put(card.id(), accounted.counters());
      written.put(card.id(), card.withMonthUsage(accounted.counters()));
      if (accounted.delta().signum() < 0) {
        log.warn(
            "card {}: carrier corrected the month total from {} to {} MB; nothing deducted",
            card.id(),
            card.monthUsage().currentMonthUsageMb(),
            sample.totalMb());
      } else if (accounted.delta().signum() > 0) {
        deltas
            .computeIfAbsent(card.packageOwner(), owner -> new ArrayList<>(1))
            .add(new CardDelta(card.id(), accounted.delta()));
      }
    }
    usage.insertAll(samples);
    cards.updateMonthUsageAll(counters);
    deduct(deltas);
    return written;
  }

  /**
   * Deducts in rounds: each owner's first card in the first statement, the second card of owners
   * with two in the next, and so on, so that every card's delta goes to the package deciding after
   * the previous card's (a card that exhausts one package sends the next card's usage to the
   * following one), exactly as card by card. Most owners are single cards: one statement.
   */
  private void deduct(Map<PackageOwner, List<CardDelta>> deltas) {
    for (int round = 0; ; round++) {
      Map<PackageOwner, CardDelta> thisRound = new HashMap<>(deltas.size() * 2);
      for (Map.Entry<PackageOwner, List<CardDelta>> owner : deltas.entrySet()) {
        if (owner.getValue().size() > round) {
          thisRound.put(owner.getKey(), owner.getValue().get(round));
        }
      }
      if (thisRound.isEmpty()) {
        return;
      }
      Map<PackageOwner, BigDecimal> amounts = new HashMap<>(thisRound.size() * 2);
      thisRound.forEach((owner, card) -> amounts.put(owner, card.delta()));
      Map<PackageOwner, PackageUsage> deducted = packages.deductFromActiveAll(amounts);
      thisRound.forEach((owner, card) -> logDeduction(owner, card, deducted.get(owner)));
    }
  }

  private static void logDeduction(PackageOwner owner, CardDelta card, PackageUsage pkg) {
    if (pkg == null) {
      log.warn(
          "card {}: {} MB used but {} has no active package to deduct from",
          card.cardId(),
          card.delta(),
          owner);
    } else if (pkg.status() == PackageStatus.EXHAUSTED) {
      log.info(
          "card {}: package {} of {} exhausted ({} of {} MB)",
          card.cardId(),
          pkg.id(),
          owner,
          pkg.dataUsageMb(),
          pkg.dataLimitMb());
    }
  }

  /** Usage of one card since its previous sample, to deduct from its owner's packages. */
  private record CardDelta(long cardId, BigDecimal delta) {}
}
