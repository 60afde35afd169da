package com.cmp.polling.stopresume.dryrun;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.config.ConfigSnapshot;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.packageusage.PackageFacts;
import com.cmp.polling.core.packageusage.PackageOwner;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.switches.RuleSwitches;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.RulePreview;
import com.cmp.polling.stopresume.RulePreview.Action;
import com.cmp.polling.stopresume.RulePreview.Fate;
import com.cmp.polling.stopresume.dryrun.FleetCard.Placement;
import com.cmp.polling.stopresume.rules.RuleVerdict;
import com.cmp.polling.stopresume.rules.StopRules;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The rules over the fleet without acting, to see before switching a rule on what it would stop:
 * what {@code evaluateAndAct} would do to every card the pipeline evaluates, now. It reads the
 * fleet page by page (short read-only statements) and applies the service's own decisions ({@link
 * RulePreview#fatesOf}) under one snapshot of the rule switches, polling configs and clock.
 * Counting reads the cards outside any device by card id, then the devices that allow polling by
 * device id, each with all its cards, so that a device's stop or resume reaches its other cards as
 * it does in the service. Listing ids reads cards by id (for a keyset cursor) and judges each
 * card's device whole.
 */
public class RuleDryRun {

  private static final Logger log = LoggerFactory.getLogger(RuleDryRun.class);

  /** Roughly how many cards a device holds: sizes a page of devices from a page of cards. */
  private static final int CARDS_PER_DEVICE = 10;

  private final FleetReader fleet;
  private final CardPlanner planner;
  private final PollingConfigManager configs;
  private final Supplier<RuleSwitches> switches;
  private final ProtectionPeriods protection;
  private final Clock clock;
  private final int pageSize;

  /**
   * @param switches the switches to apply, asked once per pass (a fresh read is best)
   * @param pageSize cards read per statement
   */
  public RuleDryRun(
      JdbcClient jdbc,
      CardPlanner planner,
      PollingConfigManager configs,
      Supplier<RuleSwitches> switches,
      ProtectionPeriods protection,
      Clock clock,
      int pageSize) {
    if (pageSize < 1) {
      throw new IllegalArgumentException("dry-run page size must be positive, was " + pageSize);
    }
    this.fleet = new FleetReader(jdbc);
    this.planner = planner;
    this.configs = configs;
    this.switches = switches;
    this.protection = protection;
    this.clock = clock;
    this.pageSize = pageSize;
  }

  /** Counts, for the whole fleet ({@code carrierId} null) or one carrier's cards. */
  public DryRunReport run(Long carrierId) {
    long started = System.nanoTime();
    Frame frame = frame();
    DryRunCounts counts = new DryRunCounts();
    long after = 0;
    for (List<Card> page; !(page = fleet.cardsAlone(after, pageSize, carrierId)).isEmpty(); ) {
      long last = page.get(page.size() - 1).id();
      Map<PackageOwner, PackageFacts> facts =
          carrierId == null
              ? fleet.factsOfCardRange(after, last)
              : fleet.factsOf(PackageOwner.Kind.CARD, idsOf(page));
      Set<Long> protectedIds = protection.protectedAmong(idsOf(page));
      for (Card card : page) {
        judge(List.of(card), facts, protectedIds, frame, carrierId, counts);
      }
      after = last;
    }
    int devicePage = Math.max(1, pageSize / CARDS_PER_DEVICE);
    long afterDevice = 0;
    for (List<Long> devices;
        !(devices = fleet.pollingDevices(afterDevice, devicePage, carrierId)).isEmpty(); ) {
      Map<Long, List<Card>> byDevice = fleet.cardsOfDevices(devices);
      Map<PackageOwner, PackageFacts> facts = fleet.factsOf(PackageOwner.Kind.DEVICE, devices);
      List<Card> all = byDevice.values().stream().flatMap(List::stream).toList();
      Set<Long> protectedIds = protection.protectedAmong(idsOf(all));
      for (List<Card> unit : byDevice.values()) {
        judge(unit, facts, protectedIds, frame, carrierId, counts);
      }
      afterDevice = devices.get(devices.size() - 1);
    }
    Duration took = Duration.ofNanos(System.nanoTime() - started);
    DryRunReport report =
        new DryRunReport(
            carrierId,
            frame.now(),
            took,
            frame.switches(),
            counts.evaluated,
            counts.protectedCards,
            counts.byReason(),
            counts.byCarrier(),
            counts.stopsByReasonsHeld());
    log.info(
        "rule dry run ({}) in {} ms: {} cards evaluated; would stop {}, resume {}; {} exempted",
        carrierId == null ? "fleet" : "carrier " + carrierId,
        took.toMillis(),
        report.cardsEvaluated(),
        report.total(Action.STOP),
        report.total(Action.RESUME),
        report.total(Action.EXEMPT));
    return report;
  }

  /**
   * The ids of the cards after {@code afterId} whose fate is {@code action} (for {@code reason},
   * unless null), of one carrier or all, at most {@code limit}, in id order.
   */
  public DryRunCardPage cards(
      Action action, StopReason reason, Long carrierId, long afterId, int limit) {
    return cards(action, reason, null, carrierId, afterId, limit);
  }

  /**
   * {@link #cards(Action, StopReason, Long, long, int)} narrowed to the cards for which {@code
   * holding} is among the reasons recorded (unless null): the cards a stop for {@code no_package}
   * would stop that are unverified as well, say.
   */
  public DryRunCardPage cards(
      Action action,
      StopReason reason,
      StopReason holding,
      Long carrierId,
      long afterId,
      int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, was " + limit);
    }
    Frame frame = frame();
    List<Long> found = new ArrayList<>(Math.min(limit, 1024));
    long after = afterId;
    for (List<FleetCard> page; !(page = fleet.cards(after, pageSize, carrierId)).isEmpty(); ) {
      Map<Long, Fate> fates = fatesOfPage(page, frame);
      for (FleetCard read : page) {
        Fate fate = fates.get(read.card().id());
        if (fate != null
            && fate.action() == action
            && (reason == null || fate.reason() == reason)
            && (holding == null || fate.reasons().contains(holding))) {
          found.add(read.card().id());
          if (found.size() == limit) {
            return new DryRunCardPage(found, read.card().id());
          }
        }
      }
      after = page.get(page.size() - 1).card().id();
    }
    return new DryRunCardPage(found, null);
  }

  /** The fates of a page's cards; a card in a device is judged with all the device's cards. */
  private Map<Long, Fate> fatesOfPage(List<FleetCard> page, Frame frame) {
    List<Card> alone = new ArrayList<>();
    Set<Long> devices = new HashSet<>();
    for (FleetCard read : page) {
      if (read.placement() == Placement.ALONE) {
        alone.add(read.card());
      } else if (read.placement() == Placement.POLLED_DEVICE) {
        devices.add(read.card().deviceId());
      }
    }
    Map<Long, List<Card>> byDevice = fleet.cardsOfDevices(devices);
    Map<PackageOwner, PackageFacts> facts =
        new HashMap<>(fleet.factsOf(PackageOwner.Kind.CARD, idsOf(alone)));
    facts.putAll(fleet.factsOf(PackageOwner.Kind.DEVICE, devices));
    List<Card> all = new ArrayList<>(alone);
    byDevice.values().forEach(all::addAll);
    Set<Long> protectedIds = protection.protectedAmong(idsOf(all));
    Map<Long, Fate> fates = new HashMap<>();
    List<List<Card>> units = new ArrayList<>(byDevice.values());
    alone.forEach(card -> units.add(List.of(card)));
    for (List<Card> unit : units) {
      for (Fate fate :
          RulePreview.fatesOf(unit, frame.polled(), protectedIds, verdicts(facts, frame))) {
        fates.put(fate.card().id(), fate);
      }
    }
    return fates;
  }

  private void judge(
      List<Card> unit,
      Map<PackageOwner, PackageFacts> facts,
      Set<Long> protectedIds,
      Frame frame,
      Long carrierId,
      DryRunCounts counts) {
    Set<Long> polled = new HashSet<>();
    for (Card card : unit) {
      if (frame.polled().test(card)) {
        polled.add(card.id());
        if (inScope(card, carrierId)) {
          if (protectedIds.contains(card.id())) {
            counts.protectedCards++;
          } else {
            counts.evaluated++;
          }
        }
      }
    }
    if (polled.isEmpty()) {
      return;
    }
    List<Fate> fates =
        RulePreview.fatesOf(
            unit, card -> polled.contains(card.id()), protectedIds, verdicts(facts, frame));
    for (Fate fate : fates) {
      if (inScope(fate.card(), carrierId)) {
        counts.add(fate);
      }
    }
  }

  private static boolean inScope(Card card, Long carrierId) {
    return carrierId == null || card.carrierId() == carrierId;
  }

  private static Function<Card, RuleVerdict> verdicts(
      Map<PackageOwner, PackageFacts> facts, Frame frame) {
    return card ->
        StopRules.verdict(
            card,
            facts.getOrDefault(card.packageOwner(), PackageFacts.NONE),
            frame.switches(),
            frame.now());
  }

  /** The switches, configs and instant one pass applies throughout. */
  private Frame frame() {
    ConfigSnapshot snapshot = configs.snapshot();
    // The cards read here sit alone or in a device that allows polling (the others are left out
    // before this test), so the device's flag is true whenever it is asked.
    Predicate<Card> polled = card -> planner.polledWhereDeviceAllows(card, snapshot);
    return new Frame(switches.get(), clock.instant(), polled);
  }

  private record Frame(RuleSwitches switches, Instant now, Predicate<Card> polled) {}

  /** A set, not a list: the protection index is matched against it member by member. */
  private static Set<Long> idsOf(List<Card> cards) {
    Set<Long> ids = new HashSet<>(cards.size() * 2);
    cards.forEach(card -> ids.add(card.id()));
    return ids;
  }
}
