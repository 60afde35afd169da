package com.cmp.polling.scheduler.initializer;

import com.cmp.polling.autoconfigure.readiness.ReadinessCheck;
import org.springframework.stereotype.Component;

/**
 * Ready once the card initializer has started, here or in another process: before any run has begun
 * the queues may be empty or under old key names, and what the scheduler leases from them is not
 * yet the fleet.
 */
@Component
class InitializerStarted implements ReadinessCheck {

  private final CardInitializer initializer;

  InitializerStarted(CardInitializer initializer) {
    this.initializer = initializer;
  }

  @Override
  public String waitingFor() {
    return "the card initializer's first look at the queues, or another process's run";
  }

  @Override
  public boolean ready() {
    return initializer.hasStarted();
  }
}
