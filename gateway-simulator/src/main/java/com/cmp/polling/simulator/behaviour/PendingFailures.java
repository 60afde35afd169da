package com.cmp.polling.simulator.behaviour;

import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/** Failures armed by {@code fail-next}: the next N card operations on an ICCID answer a status. */
@Component
public class PendingFailures {

  private static final Logger log = LoggerFactory.getLogger(PendingFailures.class);

  private final ConcurrentMap<String, Armed> pending = new ConcurrentHashMap<>();

  /**
   * Arms {@code count} failures answering {@code status} for the ICCID, replacing those still
   * pending; a count of 0 disarms it.
   */
  public void arm(String iccid, int count, int status) {
    if (count < 0) {
      throw new IllegalArgumentException("fail-next count must be 0 or more, was " + count);
    }
    if (status < 400 || status > 599) {
      throw new IllegalArgumentException("fail-next status must be within 400..599, was " + status);
    }
    if (count == 0) {
      pending.remove(iccid);
    } else {
      pending.put(iccid, new Armed(status, new AtomicInteger(count)));
    }
    log.info("next {} card operations on ICCID {} will answer {}", count, iccid, status);
  }

  /**
   * Uses up one pending failure of the ICCID.
   *
   * @return the status to answer, or empty when none is pending
   */
  public OptionalInt take(String iccid) {
    Armed armed = pending.get(iccid);
    if (armed == null) {
      return OptionalInt.empty();
    }
    // Concurrent takers may drive the counter below zero; only those that saw it positive fail.
    int before = armed.remaining().getAndDecrement();
    if (before <= 1) {
      pending.remove(iccid, armed);
    }
    return before >= 1 ? OptionalInt.of(armed.status()) : OptionalInt.empty();
  }

  public void reset() {
    pending.clear();
  }

  private record Armed(int status, AtomicInteger remaining) {}
}
