package com.cmp.polling.core.lock;

import java.time.Duration;
import java.time.Instant;
import org.springframework.integration.support.locks.DistributedLock;

/**
 * A lock this process holds; closing releases it if it is still ours. Close it on the thread that
 * took it.
 */
public final class HeldLock implements AutoCloseable {

  private final OperationLocks locks;
  private final String key;
  private final DistributedLock lock;
  private final Instant takenAt;
  private final Duration ttl;

  HeldLock(OperationLocks locks, String key, DistributedLock lock, Instant takenAt, Duration ttl) {
    this.locks = locks;
    this.key = key;
    this.lock = lock;
    this.takenAt = takenAt;
    this.ttl = ttl;
  }

  public String key() {
    return key;
  }

  DistributedLock lock() {
    return lock;
  }

  Instant takenAt() {
    return takenAt;
  }

  Duration ttl() {
    return ttl;
  }

  /**
   * Restarts the lock's TTL before a long piece of work (one more card of a device).
   *
   * @return false when the lock expired and may be someone else's: stop acting under it
   */
  public boolean extend() {
    return locks.extend(this);
  }

  /**
   * Releases the lock, also from a thread whose interrupt flag is set (a worker told to stop):
   * Redis calls refuse to run while the flag is set, so it is cleared for the release and set again
   * afterwards, and the lock is not left to expire by its TTL.
   */
  @Override
  public void close() {
    boolean interrupted = Thread.interrupted();
    try {
      locks.release(this);
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
