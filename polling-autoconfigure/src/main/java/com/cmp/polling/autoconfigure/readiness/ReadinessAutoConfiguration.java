package com.cmp.polling.autoconfigure.readiness;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.availability.ApplicationAvailabilityAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.health.application.ReadinessStateHealthIndicator;
import org.springframework.boot.health.autoconfigure.actuate.endpoint.AvailabilityProbesAutoConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * Puts {@link WorkReadinessIndicator} in the place of Spring Boot's readiness state indicator (same
 * bean name, registered first), so that the readiness group Boot builds, {@code
 * /actuator/health/readiness}, waits on the app's {@link ReadinessCheck}s with no group setting in
 * any app's configuration.
 */
@AutoConfiguration(
    after = ApplicationAvailabilityAutoConfiguration.class,
    before = AvailabilityProbesAutoConfiguration.class)
@ConditionalOnClass({ReadinessStateHealthIndicator.class, ApplicationAvailability.class})
@ConditionalOnBooleanProperty(
    name = "management.endpoint.health.probes.enabled",
    matchIfMissing = true)
public class ReadinessAutoConfiguration {

  @Bean
  ReadinessStateHealthIndicator readinessStateHealthIndicator(
      ApplicationAvailability availability, ObjectProvider<ReadinessCheck> checks) {
    return new WorkReadinessIndicator(availability, checks);
  }
}
