package com.cmp.polling.scheduler.schedule;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The latest decisions to hold a task type back, in this instance's memory: one per fresh
 * measurement that held a type back (every {@code lag-check-interval} while it lasts), so the last
 * {@value #CAPACITY} cover at least a few minutes of a long hold-back. Thread-safe.
 */
@Component
public class HoldBackHistory {

  static final int CAPACITY = 256;

  private final Deque<HoldBack> entries = new ArrayDeque<>(CAPACITY);

  synchronized void add(HoldBack holdBack) {
    if (entries.size() == CAPACITY) {
      entries.removeLast();
    }
    entries.addFirst(holdBack);
  }

  /** The latest hold-backs, newest first. */
  public synchronized List<HoldBack> recent() {
    return new ArrayList<>(entries);
  }
}
