package com.cmp.polling.simulator.calls;

import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Counts calls: per operation the single calls, the batch calls and the cards they carried; per
 * ICCID and operation every time the card was asked about (alone or in a batch); per account its
 * calls and refusals; the 429 answers. Per operation also the cards called and those called more
 * than once, kept as they happen so that a summary costs nothing with millions of cards. Lock-free,
 * so that counting never serialises concurrent requests (but for an account's count of the current
 * second, a lock per account). A reset while calls are in flight may keep some of them. Per account
 * also the most calls received in one second (of the simulator's clock): how a test sees that the
 * callers kept to the account's calls per second.
 */
@Component
public class CallCounter {

  private static final CardOperation[] OPERATIONS = CardOperation.values();

  private final ConcurrentMap<String, AtomicIntegerArray> byCard = new ConcurrentHashMap<>();
  private final ConcurrentMap<String, AccountCounts> byAccount = new ConcurrentHashMap<>();
  private final LongAdder total = new LongAdder();
  private final LongAdder rateLimited = new LongAdder();
  private final LongAdder quotaRefused = new LongAdder();
  private final LongAdder[] singleCalls = adders();
  private final LongAdder[] batchCalls = adders();
  private final LongAdder[] cardsInBatchCalls = adders();
  private final LongAdder[] cards = adders();
  private final LongAdder[] cardsCalledMoreThanOnce = adders();
  private final Clock clock;

  /** A counter whose seconds are the system's. */
  public CallCounter() {
    this(Clock.systemUTC());
  }

  /** A counter whose seconds are {@code clock}'s. */
  @Autowired
  public CallCounter(Clock clock) {
    this.clock = clock;
  }

  /** A single call about the card. */
  public void record(String iccid, CardOperation operation) {
    total.increment();
    singleCalls[operation.ordinal()].increment();
    card(iccid, operation);
  }

  /** A batch call about the cards (each ICCID once). */
  public void recordBatch(Collection<String> iccids, CardOperation operation) {
    total.increment();
    batchCalls[operation.ordinal()].increment();
    cardsInBatchCalls[operation.ordinal()].add(iccids.size());
    iccids.forEach(iccid -> card(iccid, operation));
  }

  /** A call to a carrier of the account, whatever its answer. */
  public void recordAccountCall(String account) {
    AccountCounts counts = account(account);
    counts.calls().increment();
    counts.seconds().record(clock.instant().getEpochSecond());
  }

  /** A call answered 429 for a rate: the carrier's, the account's ({@code account} not null). */
  public void recordRateLimited(String account) {
    rateLimited.increment();
    if (account != null) {
      account(account).rateLimited().increment();
    }
  }

  /** A call answered 429 because the account's calls of the day are used up. */
  public void recordQuotaRefused(String account) {
    quotaRefused.increment();
    account(account).quotaRefused().increment();
  }

  /** The ICCID's counts by operation name, only those above zero (empty for an unknown card). */
  public Map<String, Integer> forCard(String iccid) {
    AtomicIntegerArray counts = byCard.get(iccid);
    Map<String, Integer> named = new TreeMap<>();
    if (counts != null) {
      for (CardOperation operation : OPERATIONS) {
        int count = counts.get(operation.ordinal());
        if (count > 0) {
          named.put(operation.wireName(), count);
        }
      }
    }
    return named;
  }

  public CallReport report() {
    Map<String, Map<String, Integer>> perCard = new TreeMap<>();
    byCard.keySet().forEach(iccid -> perCard.put(iccid, forCard(iccid)));
    return new CallReport(total.sum(), rateLimited.sum(), perCard);
  }

  /** The totals, and per operation and per account what they received, without a card list. */
  public CallSummary summary() {
    Map<String, CallSummary.OperationCalls> byOperation = new TreeMap<>();
    for (CardOperation operation : OPERATIONS) {
      int i = operation.ordinal();
      long single = singleCalls[i].sum();
      long batch = batchCalls[i].sum();
      if (single + batch > 0) {
        long inBatches = cardsInBatchCalls[i].sum();
        long distinct = cards[i].sum();
        byOperation.put(
            operation.wireName(),
            new CallSummary.OperationCalls(
                single + batch,
                single,
                batch,
                inBatches,
                distinct,
                cardsCalledMoreThanOnce[i].sum(),
                single + inBatches - distinct));
      }
    }
    Map<String, CallSummary.AccountCalls> accounts = new TreeMap<>();
    byAccount.forEach(
        (name, counts) ->
            accounts.put(
                name,
                new CallSummary.AccountCalls(
                    counts.calls().sum(),
                    counts.rateLimited().sum(),
                    counts.quotaRefused().sum(),
                    counts.seconds().busiest())));
    return new CallSummary(
        total.sum(), rateLimited.sum(), quotaRefused.sum(), byOperation, accounts);
  }

  public void reset() {
    byCard.clear();
    byAccount.clear();
    total.reset();
    rateLimited.reset();
    quotaRefused.reset();
    for (LongAdder[] perOperation :
        List.of(singleCalls, batchCalls, cardsInBatchCalls, cards, cardsCalledMoreThanOnce)) {
      for (LongAdder adder : perOperation) {
        adder.reset();
      }
    }
  }

  private void card(String iccid, CardOperation operation) {
    int ofThisCard =
        byCard
            .computeIfAbsent(iccid, card -> new AtomicIntegerArray(OPERATIONS.length))
            .incrementAndGet(operation.ordinal());
    if (ofThisCard == 1) {
      cards[operation.ordinal()].increment();
    } else if (ofThisCard == 2) {
      cardsCalledMoreThanOnce[operation.ordinal()].increment();
    }
  }

  private AccountCounts account(String name) {
    return byAccount.computeIfAbsent(
        name,
        key ->
            new AccountCounts(
                new LongAdder(), new LongAdder(), new LongAdder(), new BusiestSecond()));
  }

  private static LongAdder[] adders() {
    LongAdder[] adders = new LongAdder[OPERATIONS.length];
    for (int i = 0; i < adders.length; i++) {
      adders[i] = new LongAdder();
    }
    return adders;
  }

  private record AccountCounts(
      LongAdder calls, LongAdder rateLimited, LongAdder quotaRefused, BusiestSecond seconds) {}

  /** The calls of the current second, and the most of any second so far. */
  private static final class BusiestSecond {
    private long second = Long.MIN_VALUE;
    private long inSecond;
    private long busiest;

    synchronized void record(long epochSecond) {
      if (epochSecond != second) {
        second = epochSecond;
        inSecond = 0;
      }
      inSecond++;
      busiest = Math.max(busiest, inSecond);
    }

    synchronized long busiest() {
      return busiest;
    }
  }
}
