package com.cmp.polling.operator.monitoring;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;

/** Reads an app's Prometheus output the way a scraper does, and finds samples in it. */
public final class PrometheusScrape {

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private final Map<String, Double> samples;
  private final String text;

  private PrometheusScrape(String text) {
    this.text = text;
    this.samples = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      int space = line.lastIndexOf(' ');
      samples.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
    }
  }

  /** Where the Prometheus output of an app answers, on its management port. */
  public static String url(String managementBaseUrl) {
    return managementBaseUrl + "/actuator/prometheus";
  }

  public static PrometheusScrape of(String appBaseUrl) {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(url(appBaseUrl))).timeout(Duration.ofSeconds(10)).build();
    try {
      var response = HTTP.send(request, BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IllegalStateException(url(appBaseUrl) + " answered " + response.statusCode());
      }
      return new PrometheusScrape(response.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /**
   * The value of the sample {@code name{labels}}; labels as Prometheus prints them, e.g. {@code
   * task_type="carddata"} (several: in Prometheus's order, comma-separated).
   */
  public OptionalDouble value(String name, String labels) {
    Double value = samples.get(labels.isEmpty() ? name : name + "{" + labels + "}");
    return value == null ? OptionalDouble.empty() : OptionalDouble.of(value);
  }

  /** Whether any sample of the metric family (e.g. {@code polling_queue_due}) is exported. */
  public boolean hasFamily(String name) {
    return samples.keySet().stream()
        .anyMatch(
            sample ->
                sample.equals(name)
                    || sample.startsWith(name + "{")
                    || sample.startsWith(name + "_total")
                    || sample.startsWith(name + "_count")
                    || sample.startsWith(name + "_sum")
                    || sample.startsWith(name + "_bucket"));
  }

  public String text() {
    return text;
  }
}
