package com.cmp.polling.handlers.carddata;

import com.cmp.polling.core.packageusage.PackageOwner;
import com.cmp.polling.core.packageusage.PackageStatus;
import com.cmp.polling.core.packageusage.PackageUsage;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The usage of a poll's cards deducted from their owners' packages, in rounds: each owner's first
 * card in the first statement, the second card of owners with two in the next, and so on, so that
 * every card's delta goes to the package deciding after the previous card's (a card that exhausts
 * one package sends the next card's usage to the following one), exactly as card by card. Most
 * owners are single cards: one statement.
 */
@Component
class OwnerDeductions {

  private static final Logger log = LoggerFactory.getLogger(OwnerDeductions.class);

  private final PackageUsageStore packages;

  OwnerDeductions(PackageUsageStore packages) {
    this.packages = packages;
  }

  /** Usage of one card since its previous sample, to deduct from its owner's packages. */
  record CardDelta(long cardId, BigDecimal delta) {}

  /**
   * @param deltas per owner, its cards' usage in poll order (every delta positive)
   */
  void deduct(Map<PackageOwner, List<CardDelta>> deltas) {
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
}
