package com.cmp.polling.simulator.calls;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.stereotype.Component;

/**
 * Counts card operations per ICCID and operation, and the 429 answers; per operation also the cards
 * called and those called more than once, kept as they happen so that a summary costs nothing with
 * millions of cards. Lock-free, so that counting never serialises concurrent requests. A reset
 * while operations are in flight may keep some of them.
 */
@Component
public class CallCounter {

  private static final CardOperation[] OPERATIONS = CardOperation.values();

  private final ConcurrentMap<String, AtomicIntegerArray> byCard = new ConcurrentHashMap<>();
  private final LongAdder total = new LongAdder();
  private final LongAdder rateLimited = new LongAdder();
  private final LongAdder[] calls = adders();
  private final LongAdder[] cards = adders();
  private final LongAdder[] cardsCalledMoreThanOnce = adders();

  public void record(String iccid, CardOperation operation) {
    int ofThisCard =
        byCard
            .computeIfAbsent(iccid, card -> new AtomicIntegerArray(OPERATIONS.length))
            .incrementAndGet(operation.ordinal());
    total.increment();
    calls[operation.ordinal()].increment();
    if (ofThisCard == 1) {
      cards[operation.ordinal()].increment();
    } else if (ofThisCard == 2) {
      cardsCalledMoreThanOnce[operation.ordinal()].increment();
    }
  }

  public void recordRateLimited() {
    rateLimited.increment();
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
    Map<String, Map<String, Integer>> cards = new TreeMap<>();
    byCard.keySet().forEach(iccid -> cards.put(iccid, forCard(iccid)));
    return new CallReport(total.sum(), rateLimited.sum(), cards);
  }

  /** The totals and, per operation called, its calls, cards and cards called more than once. */
  public CallSummary summary() {
    Map<String, CallSummary.OperationCalls> byOperation = new TreeMap<>();
    for (CardOperation operation : OPERATIONS) {
      int i = operation.ordinal();
      long received = calls[i].sum();
      if (received > 0) {
        long distinct = cards[i].sum();
        byOperation.put(
            operation.wireName(),
            new CallSummary.OperationCalls(
                received, distinct, cardsCalledMoreThanOnce[i].sum(), received - distinct));
      }
    }
    return new CallSummary(total.sum(), rateLimited.sum(), byOperation);
  }

  public void reset() {
    byCard.clear();
    total.reset();
    rateLimited.reset();
    for (LongAdder[] perOperation : List.of(calls, cards, cardsCalledMoreThanOnce)) {
      for (LongAdder adder : perOperation) {
        adder.reset();
      }
    }
  }

  private static LongAdder[] adders() {
    LongAdder[] adders = new LongAdder[OPERATIONS.length];
    for (int i = 0; i < adders.length; i++) {
      adders[i] = new LongAdder();
    }
    return adders;
  }
}
