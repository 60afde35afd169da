package com.cmp.polling.stopresume.rules;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.packageusage.PackageFacts;
import com.cmp.polling.core.packageusage.PackageOwner;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.core.switches.Exemption;
import com.cmp.polling.core.switches.RuleSwitches;
import com.cmp.polling.schemas.action.StopReason;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The three stop conditions of docs/architecture.md, "The rules", in priority order. For a card in
 * a device the packages are the device's, which its cards share. Which package decides and when it
 * is exhausted is the package rule, computed by the database ({@link
 * com.cmp.polling.core.packageusage.PackageRule}); these rules only read its verdicts. The rule
 * switches decide whether {@code not_realname} counts for a card's carrier: the old system never
 * stopped unverified cards, so the rule is rolled out carrier by carrier.
 */
public class StopRules {

  private final PackageUsageStore packages;
  private final Supplier<RuleSwitches> switches;
  private final Clock clock;

  /**
   * @param switches the switches in force (the cache's current snapshot, asked at every verdict)
   */
  public StopRules(PackageUsageStore packages, Supplier<RuleSwitches> switches, Clock clock) {
    this.packages = packages;
    this.switches = switches;
    this.clock = clock;
  }

  /** Every rule enforced, whatever the switches say: for tools and tests without switches. */
  public StopRules(PackageUsageStore packages) {
    this(packages, () -> RuleSwitches.ENFORCE_ALL, Clock.systemUTC());
  }

  /**
   * Every reason that counts for the card, highest priority first: {@code no_package}, {@code
   * traffic_exhausted}, {@code not_realname}. Empty when the card may be online.
   */
  public List<StopReason> reasonsToStop(Card card) {
    return verdict(card).holding();
  }

  /** {@link #reasonsToStop(Card)} with the facts of the card's package owner already read. */
  public List<StopReason> reasonsToStop(Card card, PackageFacts facts) {
    return verdict(card, facts).holding();
  }

  /**
   * The reasons that count for the card and those the switches set aside, with the switches now.
   */
  public RuleVerdict verdict(Card card) {
    return verdict(card, packages.facts(card.packageOwner()));
  }

  /** The facts of the card's package owner (its device's, for a card in a device). */
  public PackageFacts facts(Card card) {
    return packages.facts(card.packageOwner());
  }

  /** {@link #verdict(Card)} with the facts of the card's package owner already read. */
  public RuleVerdict verdict(Card card, PackageFacts facts) {
    return verdict(card, facts, switches.get(), clock.instant());
  }

  /**
   * The verdict under given switches at a given instant: a dry run holds both fixed for a whole
   * pass over the fleet.
   */
  public static RuleVerdict verdict(
      Card card, PackageFacts facts, RuleSwitches switches, Instant now) {
    List<StopReason> reasons = new ArrayList<>(3);
    List<Exemption> exempted = new ArrayList<>(1);
    if (!facts.hasValidPackage()) {
      reasons.add(StopReason.NO_PACKAGE);
    }
    if (facts.trafficExhausted()) {
      reasons.add(StopReason.TRAFFIC_EXHAUSTED);
    }
    if (!isRealNameOk(card)) {
      Optional<Exemption> exemption =
          switches.exemption(StopReason.NOT_REALNAME, card.carrierId(), now);
      if (exemption.isPresent()) {
        exempted.add(exemption.get());
      } else {
        reasons.add(StopReason.NOT_REALNAME);
      }
    }
    return new RuleVerdict(reasons, exempted);
  }

  /** The switches in force now. */
  public RuleSwitches switches() {
    return switches.get();
  }

  /** The rules' clock: grace dates are compared with it. */
  public Instant now() {
    return clock.instant();
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
