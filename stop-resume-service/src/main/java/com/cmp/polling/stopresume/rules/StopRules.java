package com.cmp.polling.stopresume.rules;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.packageusage.PackageFacts;
import com.cmp.polling.core.packageusage.PackageOwner;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.schemas.action.StopReason;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The three stop conditions of ARCHITECTURE section 7 (seed 004, decision 3), in priority order.
 * For a card in a device the packages are the device's (seed bug 1). Which package decides and when
 * it is exhausted is the package rule, computed by the database ({@link
 * com.cmp.polling.core.packageusage.PackageRule}); these rules only read its verdicts.
 */
public class StopRules {

  private final PackageUsageStore packages;

  public StopRules(PackageUsageStore packages) {
    this.packages = packages;
  }

  /**
   * Every reason that holds for the card, highest priority first: {@code no_package}, {@code
   * traffic_exhausted}, {@code not_realname}. Empty when the card may be online.
   */
  public List<StopReason> reasonsToStop(Card card) {
    return reasonsToStop(card, packages.facts(card.packageOwner()));
  }

  /** {@link #reasonsToStop(Card)} with the facts of the card's package owner already read. */
  public static List<StopReason> reasonsToStop(Card card, PackageFacts facts) {
    List<StopReason> reasons = new ArrayList<>(3);
    if (!facts.hasValidPackage()) {
      reasons.add(StopReason.NO_PACKAGE);
    }
    if (facts.trafficExhausted()) {
      reasons.add(StopReason.TRAFFIC_EXHAUSTED);
    }
    if (!isRealNameOk(card)) {
      reasons.add(StopReason.NOT_REALNAME);
    }
    return reasons;
  }

  /** The package facts of the cards' owners (device or card), read together. */
  public Map<PackageOwner, PackageFacts> factsOf(Collection<Card> cards) {
    Set<PackageOwner> owners = new HashSet<>(cards.size() * 2);
    for (Card card : cards) {
      owners.add(card.packageOwner());
    }
    return packages.factsOf(owners);
  }

  /** Industry cards are exempt from real-name verification; normal cards need it. */
  public static boolean isRealNameOk(Card card) {
    return card.isIndustry() || card.isRealNameVerified();
  }

  /**
   * Whether the reason concerns the whole device: package reasons do (the device's packages are
   * shared by its cards); a missing real-name verification concerns one card only.
   */
  public static boolean isDeviceWide(StopReason reason) {
    return reason == StopReason.NO_PACKAGE || reason == StopReason.TRAFFIC_EXHAUSTED;
  }
}
