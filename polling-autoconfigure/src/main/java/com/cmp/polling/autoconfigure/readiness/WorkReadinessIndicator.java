package com.cmp.polling.autoconfigure.readiness;

import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.health.application.ReadinessStateHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/**
 * The readiness state as Spring Boot keeps it (accepting traffic once the context is up), and on
 * top of it the app's {@link ReadinessCheck}s: a context that is up but whose consumers have no
 * partitions yet cannot check a card, and an orchestrator must not count it as working. DOWN, with
 * what is awaited in the details, until every check holds.
 */
class WorkReadinessIndicator extends ReadinessStateHealthIndicator {

  private final ObjectProvider<ReadinessCheck> checks;

  WorkReadinessIndicator(
      ApplicationAvailability availability, ObjectProvider<ReadinessCheck> checks) {
    super(availability);
    this.checks = checks;
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) throws Exception {
    super.doHealthCheck(builder);
    if (!Status.UP.equals(builder.build().getStatus())) {
      return;
    }
    List<String> waiting = new ArrayList<>();
    for (ReadinessCheck check : checks.orderedStream().toList()) {
      if (!holds(check)) {
        waiting.add(check.waitingFor());
      }
    }
    if (!waiting.isEmpty()) {
      builder.down().withDetail("waitingFor", waiting);
    }
  }

  /** A check that cannot tell (its store unreachable) does not hold. */
  private static boolean holds(ReadinessCheck check) {
    try {
      return check.ready();
    } catch (RuntimeException e) {
      return false;
    }
  }
}
