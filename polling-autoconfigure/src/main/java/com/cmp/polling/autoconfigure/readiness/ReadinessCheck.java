package com.cmp.polling.autoconfigure.readiness;

/**
 * One thing an app needs before it can do its job (its replication slot streams, its consumers have
 * partitions, ...). The app's readiness probe, {@code /actuator/health/readiness}, is UP only while
 * every such bean of the app holds.
 */
public interface ReadinessCheck {

  /** What the app waits for while this does not hold, as the probe's details name it. */
  String waitingFor();

  /** Whether it holds now; asked at every probe, so it must answer quickly. */
  boolean ready();
}
