package com.cmp.polling.stopresume.gateway;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * Where the carrier gateway is, how long to wait for it, and which batch forms its carriers offer.
 *
 * @param baseUrl e.g. {@code http://gateway:8089}
 * @param connectTimeout TCP connect timeout
 * @param readTimeout how long one read may wait for the next bytes of the answer
 * @param callTimeout the deadline of a whole call, from asking for a connection to the last byte of
 *     the answer: a gateway that keeps sending a little at a time is cut off here
 * @param batchSizes the carriers' batch forms: where none is listed, a call per card
 */
public record GatewaySettings(
    URI baseUrl,
    Duration connectTimeout,
    Duration readTimeout,
    Duration callTimeout,
    BatchSizes batchSizes) {

  /** The default deadline of a call: twice the default read timeout. */
  public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(10);

  public GatewaySettings {
    Objects.requireNonNull(baseUrl, "baseUrl");
    Objects.requireNonNull(connectTimeout, "connectTimeout");
    Objects.requireNonNull(readTimeout, "readTimeout");
    Objects.requireNonNull(callTimeout, "callTimeout");
    Objects.requireNonNull(batchSizes, "batchSizes");
  }

  /** Settings of a gateway whose carriers have no batch form. */
  public GatewaySettings(
      URI baseUrl, Duration connectTimeout, Duration readTimeout, Duration callTimeout) {
    this(baseUrl, connectTimeout, readTimeout, callTimeout, BatchSizes.NONE);
  }

  /** The given gateway with 2 s to connect, 5 s per read and 10 s per call, no batch forms. */
  public static GatewaySettings of(String baseUrl) {
    return new GatewaySettings(
        URI.create(baseUrl), Duration.ofSeconds(2), Duration.ofSeconds(5), DEFAULT_CALL_TIMEOUT);
  }

  /** These settings with the carriers' batch forms {@code sizes}. */
  public GatewaySettings withBatchSizes(BatchSizes sizes) {
    return new GatewaySettings(baseUrl, connectTimeout, readTimeout, callTimeout, sizes);
  }
}
