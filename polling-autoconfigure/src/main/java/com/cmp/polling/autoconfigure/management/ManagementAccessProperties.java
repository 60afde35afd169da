package com.cmp.polling.autoconfigure.management;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Who may see health details on the management port ({@code cmp.polling.management.*}).
 *
 * @param token bearer token that shows the health components' details (database, disk, Kafka
 *     cluster); unset: nobody sees them, everyone sees the status
 */
@ConfigurationProperties("cmp.polling.management")
public record ManagementAccessProperties(String token) {

  /** Whether a usable token is configured. */
  boolean hasToken() {
    return token != null && !token.isBlank();
  }
}
