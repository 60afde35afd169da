package com.cmp.polling.status.schedule;

/** Where back-pressure puts each decision to hold a type back ({@link HoldBackHistory}). */
@FunctionalInterface
public interface HoldBackRecorder {

  /** Never throws: a record lost is a monitoring figure lost, never a round. */
  void add(HoldBack holdBack);
}
