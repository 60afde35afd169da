package com.cmp.polling.stopresume.gateway;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * Where the carrier gateway is and how long to wait for it.
 *
 * @param baseUrl e.g. {@code http://gateway:8089}
 * @param connectTimeout TCP connect timeout
 * @param readTimeout time to wait for an answer once connected
 */
public record GatewaySettings(URI baseUrl, Duration connectTimeout, Duration readTimeout) {

  public GatewaySettings {
    Objects.requireNonNull(baseUrl, "baseUrl");
    Objects.requireNonNull(connectTimeout, "connectTimeout");
    Objects.requireNonNull(readTimeout, "readTimeout");
  }

  /** The given gateway with 2 s to connect and 5 s to answer. */
  public static GatewaySettings of(String baseUrl) {
    return new GatewaySettings(URI.create(baseUrl), Duration.ofSeconds(2), Duration.ofSeconds(5));
  }
}
