package com.cmp.polling.stopresume;

import java.time.Duration;
import java.util.Objects;

/**
 * Timing of StopResumeService.
 *
 * @param lockTtl how long a card or device lock lives if its owner dies (seed: 30 s)
 * @param operatorLockWait how long an operator's stop/resume waits for a busy card before failing
 * @param protectCheckDelay when the first protect check of a newly protected card runs
 */
public record StopResumeSettings(
    Duration lockTtl, Duration operatorLockWait, Duration protectCheckDelay) {

  public static final StopResumeSettings DEFAULTS =
      new StopResumeSettings(
          Duration.ofSeconds(30), Duration.ofSeconds(10), Duration.ofSeconds(60));

  public StopResumeSettings {
    Objects.requireNonNull(lockTtl, "lockTtl");
    Objects.requireNonNull(operatorLockWait, "operatorLockWait");
    Objects.requireNonNull(protectCheckDelay, "protectCheckDelay");
  }
}
