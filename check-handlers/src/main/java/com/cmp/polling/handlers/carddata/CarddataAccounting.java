package com.cmp.polling.handlers.carddata;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.MonthUsage;
import com.cmp.polling.core.packageusage.PackageOwner;
import com.cmp.polling.core.usage.DataUsageSample;
import com.cmp.polling.core.usage.DataUsageStore;
import com.cmp.polling.core.usage.MonthUsageStore;
import com.cmp.polling.core.usage.MonthUsageStore.CounterChange;
import com.cmp.polling.core.usage.UsageSamplePartitions;
import com.cmp.polling.stopresume.gateway.MonthToDateUsage;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The database side of carddata checks: for each card, month accounting of what the carrier
 * reported against its counters ({@link MonthAccounting}); where that changes them, the new
 * counters, a usage sample and the delta deducted from the active package of its owner (reaching
 * the limit exhausts it) — all of a poll in one transaction, one statement per step ({@link
 * OwnerDeductions} for the deductions). A card whose total did not move writes nothing at all.
 *
 * <p>Nothing is locked while the carrier is asked: the counters are read with one query and written
 * only where they still hold what was read ({@link MonthUsageStore#replaceAll}). A card another
 * check accounted meanwhile (a manual check beside a regular one, a redelivered task) is read again
 * and accounted from there, so the same usage is never counted twice: a redelivered task finds its
 * own total already counted and accounts 0.
 */
@Component
class CarddataAccounting {

  private static final Logger log = LoggerFactory.getLogger(CarddataAccounting.class);

  /** Rounds of reading again what another check changed meanwhile, before giving the card up. */
  private static final int ATTEMPTS = 3;

  private final MonthUsageStore counters;
  private final DataUsageStore samples;
  private final UsageSamplePartitions partitions;
  private final OwnerDeductions deductions;
  private final TransactionTemplate transaction;
  private final Clock clock;

  CarddataAccounting(
      MonthUsageStore counters,
      DataUsageStore samples,
      UsageSamplePartitions partitions,
      OwnerDeductions deductions,
      TransactionTemplate transaction,
      Clock clock) {
    this.counters = counters;
    this.samples = samples;
    this.partitions = partitions;
    this.deductions = deductions;
    this.transaction = transaction;
    this.clock = clock;
  }

  /**
   * What the accounting of a poll's cards left.
   *
   * @param at when it was done: the moment the cards' usage stands for (null when none was)
   * @param counters the counters of each card accounted, as written or, where nothing changed, as
   *     read (the card's usage outlook starts from them)
   * @param failed the cards that could not be accounted, with why (another check kept changing
   *     their counters)
   */
  record Accounted(Instant at, Map<Long, MonthUsage> counters, Map<Long, RuntimeException> failed) {

    /** No card accounted: each failed as said. */
    static Accounted none(Map<Long, RuntimeException> failed) {
      return new Accounted(null, Map.of(), failed);
    }

    /** The accountings of parts of a poll as one (at the time of the first that counted any). */
    static Accounted merged(List<Accounted> parts) {
      Instant at = null;
      Map<Long, MonthUsage> counters = new HashMap<>();
      Map<Long, RuntimeException> failed = new HashMap<>();
      for (Accounted part : parts) {
        at = at == null ? part.at() : at;
        counters.putAll(part.counters());
        failed.putAll(part.failed());
      }
      return new Accounted(at, counters, failed);
    }
  }

  /**
   * Records what the carrier reported for each card.
   *
   * @param cards the cards as the poll read them, by id
   * @param reported what the carrier reported for each of them
   * @return every card's counters afterwards, and those that could not be accounted
   */
  Accounted recordAll(Map<Long, Card> cards, Map<Long, MonthToDateUsage> reported) {
    Instant now = clock.instant();
    Map<Long, MonthUsage> stored = counters.findByCards(reported.keySet());
    Map<Long, MonthUsage> after = new HashMap<>(reported.size() * 2);
    reported.keySet().forEach(id -> after.put(id, stored.getOrDefault(id, MonthUsage.NONE)));
    Map<Long, Change> changes = changes(cards, reported, stored, now);
    if (changes.isEmpty()) {
      return new Accounted(now, after, Map.of());
    }
    partitions.ensureCovers(now);
    Accounted written;
    try {
      written = transaction.execute(status -> write(changes, cards, reported, now));
    } catch (DataIntegrityViolationException e) {
      if (!String.valueOf(e.getMessage()).contains("no partition of relation")) {
        throw e;
      }
      // The day's partition went away since it was last seen (dropped by hand): made again.
      log.warn("no partition for the usage samples of {}; creating it and trying again", now);
      partitions.forgetKnown();
      partitions.ensureCovers(now);
      written = transaction.execute(status -> write(changes, cards, reported, now));
    }
    after.putAll(written.counters());
    written.failed().keySet().forEach(after::remove);
    return new Accounted(now, after, written.failed());
  }

  /** The poll's writes, in the caller's transaction: the counters written, the cards failed. */
  private Accounted write(
      Map<Long, Change> first,
      Map<Long, Card> cards,
      Map<Long, MonthToDateUsage> reported,
      Instant now) {
    List<DataUsageSample> newSamples = new ArrayList<>(first.size());
    Map<PackageOwner, List<OwnerDeductions.CardDelta>> deltas = new LinkedHashMap<>();
    Map<Long, MonthUsage> writtenCounters = new HashMap<>(first.size() * 2);
    Map<Long, Change> pending = first;
    for (int attempt = 1; attempt <= ATTEMPTS && !pending.isEmpty(); attempt++) {
      List<CounterChange> counterChanges = new ArrayList<>(pending.size());
      pending.values().forEach(change -> counterChanges.add(change.counters()));
      Set<Long> written = counters.replaceAll(counterChanges);
      Map<Long, MonthToDateUsage> lost = new HashMap<>();
      for (Change change : pending.values()) {
        long cardId = change.counters().cardId();
        if (!written.contains(cardId)) {
          lost.put(cardId, reported.get(cardId));
          continue;
        }
        change.log();
        writtenCounters.put(cardId, change.counters().after());
        MonthToDateUsage sample = reported.get(cardId);
        newSamples.add(
            new DataUsageSample(
                cardId, sample.monthStart(), sample.totalMb(), change.sample().delta(), now));
        if (change.sample().delta().signum() > 0) {
          Card card = cards.get(cardId);
          deltas
              .computeIfAbsent(card.packageOwner(), owner -> new ArrayList<>(1))
              .add(new OwnerDeductions.CardDelta(cardId, change.sample().delta()));
        }
      }
      // Another check wrote these cards' counters since they were read: from what it wrote.
      pending =
          lost.isEmpty()
              ? Map.of()
              : changes(cards, lost, counters.findByCards(lost.keySet()), now);
    }
    samples.insertAll(newSamples);
    deductions.deduct(deltas);
    Map<Long, RuntimeException> failed = new HashMap<>();
    pending.forEach(
        (cardId, change) ->
            failed.put(
                cardId,
                new IllegalStateException(
                    "counters of card "
                        + cardId
                        + " changed by other checks "
                        + ATTEMPTS
                        + " times while it was accounted")));
    return new Accounted(now, writtenCounters, failed);
  }

  /** The accounting of each card whose counters the carrier's report changes. */
  private static Map<Long, Change> changes(
      Map<Long, Card> cards,
      Map<Long, MonthToDateUsage> reported,
      Map<Long, MonthUsage> stored,
      Instant now) {
    Map<Long, Change> changes = new LinkedHashMap<>();
    reported.forEach(
        (cardId, sample) -> {
          MonthUsage before = stored.get(cardId);
          MonthUsage current = before == null ? MonthUsage.NONE : before;
          MonthAccounting.Sample accounted = MonthAccounting.account(current, sample);
          if (accounted.stale()) {
            log.warn(
                "card {}: carrier reported month {} although month {} has started; sample ignored",
                cardId,
                sample.monthStart(),
                current.monthStart());
          } else if (MonthAccounting.changes(current, accounted.counters()) || before == null) {
            changes.put(
                cardId,
                new Change(
                    new CounterChange(
                        cardId, before, MonthAccounting.stamped(current, accounted, now)),
                    accounted,
                    current));
          }
        });
    return changes;
  }

  /** One card's accounting that changes its counters. */
  private record Change(CounterChange counters, MonthAccounting.Sample sample, MonthUsage current) {

    void log() {
      long cardId = counters.cardId();
      if (counters.before() == null) {
        log.debug(
            "card {}: first usage sample, {} MB", cardId, counters.after().currentMonthUsageMb());
      } else if (sample.newMonth()) {
        log.info(
            "card {}: new month {}; last month closed at {} MB",
            cardId,
            counters.after().monthStart(),
            counters.after().lastMonthTotalMb());
      }
      if (sample.delta().signum() < 0) {
        log.warn(
            "card {}: carrier corrected the month total from {} to {} MB; nothing deducted",
            cardId,
            current.currentMonthUsageMb(),
            counters.after().currentMonthUsageMb());
      }
    }
  }
}
