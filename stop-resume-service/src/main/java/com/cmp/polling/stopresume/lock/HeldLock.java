package com.cmp.polling.stopresume.lock;

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

  @Override
  public void close() {
    locks.release(this);
  }
}
