package com.cmp.polling.simulator.calls;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.stereotype.Component;

/**
 * Counts card operations per ICCID and operation, and the 429 answers. Lock-free, so that counting
 * never serialises concurrent requests. A reset while operations are in flight may keep some of
 * them.
 */
@Component
public class CallCounter {

  private static final CardOperation[] OPERATIONS = CardOperation.values();

  private final ConcurrentMap<String, AtomicIntegerArray> byCard = new ConcurrentHashMap<>();
  private final LongAdder total = new LongAdder();
  private final LongAdder rateLimited = new LongAdder();

  public void record(String iccid, CardOperation operation) {
    byCard
        .computeIfAbsent(iccid, card -> new AtomicIntegerArray(OPERATIONS.length))
        .incrementAndGet(operation.ordinal());
    total.increment();
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

  public void reset() {
    byCard.clear();
    total.reset();
    rateLimited.reset();
  }
}
