package com.cmp.polling.operator.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the operator app ({@code cmp.polling.operator.*}; the fleet figures' are under {@code
 * cmp.polling.operator.monitoring.*}, see {@link MonitoringProperties}). Shared settings (queues,
 * Kafka, gateway, stop/resume) are under {@code cmp.polling.*}, see PollingProperties.
 */
@ConfigurationProperties("cmp.polling.operator")
public record OperatorProperties(@DefaultValue Admin admin, @DefaultValue Requests requests) {

  /**
   * @param token the bearer token of the admin and monitoring API and of the console's login;
   *     required, except in the {@code dev} profile, which generates one and logs it
   */
  public record Admin(String token) {}

  /**
   * Rebuild and reconcile requests, carried out by a scheduler instance.
   *
   * @param takeTimeout how long a scheduler instance may take to pick a request up (they look every
   *     half second); past it the request is withdrawn and answered 503: no scheduler runs
   * @param startTimeout how long, once taken, the work may take to start (a scheduler waits up to
   *     30 s for its lock and first reads)
   */
  public record Requests(
      @DefaultValue("10s") Duration takeTimeout, @DefaultValue("35s") Duration startTimeout) {

    public Requests {
      // Redis's blocking pop waits whole seconds, and 0 means forever.
      if (takeTimeout.toSeconds() < 1 || startTimeout.toSeconds() < 1) {
        throw new IllegalArgumentException(
            "cmp.polling.operator.requests: take-timeout and start-timeout must be 1 s or more");
      }
    }
  }
}
