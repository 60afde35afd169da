package com.cmp.polling.testsupport.kafka;

import com.cmp.polling.embedded.process.ChildProcess;
import com.cmp.polling.embedded.process.FreePorts;
import com.cmp.polling.embedded.process.JvmLauncher;
import com.cmp.polling.embedded.process.TemporaryFolders;
import com.cmp.polling.testsupport.process.LightJvm;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Kafka Connect worker in distributed mode ({@code ConnectDistributed}) in a child JVM, on a
 * classpath of its own: a folder of jars (Kafka's Connect runtime and the connector plugins), since
 * a worker needs the library versions Kafka ships with, not those of the test's classpath. Its REST
 * API answers on a free loopback port; {@link ConnectRest} speaks to it.
 *
 * <p>Worker settings: JSON converters, internal topics {@code cmp.connect.configs/offsets/statuses}
 * (one partition each where it matters), the file config provider ({@code ${file:path:key}}) and
 * {@code connector.client.config.override.policy=All}, as the Compose {@code connect} service sets
 * them. Further settings, such as the internal topics' replication factor, come as overrides.
 */
public final class ConnectWorker implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(ConnectWorker.class);
  private static final Duration READY_WITHIN = Duration.ofSeconds(120);

  private final Path folder;
  private final ChildProcess process;
  private final ConnectRest rest;

  private ConnectWorker(Path folder, ChildProcess process, ConnectRest rest) {
    this.folder = folder;
    this.process = process;
    this.rest = rest;
  }

  /**
   * Starts a worker and returns once its REST API answers (10–20 s: the plugins are scanned).
   *
   * @param jars the folder of the worker's jars
   * @param bootstrapServers the Kafka cluster that keeps its configs, offsets and statuses
   * @param overrides worker settings that replace or add to the defaults above
   */
  public static ConnectWorker start(
      Path jars, String bootstrapServers, Map<String, String> overrides) {
    if (!Files.isDirectory(jars)) {
      throw new IllegalArgumentException(
          "no Kafka Connect jars at "
              + jars
              + " (built by the scale-out-tests/connect-worker"
              + " module)");
    }
    Path folder = TemporaryFolders.create("connect-worker");
    try {
      int port = FreePorts.free();
      Path settings = folder.resolve("worker.properties");
      Files.writeString(settings, properties(bootstrapServers, port, overrides));
      ChildProcess process =
          JvmLauncher.onJarsIn(jars, "org.apache.kafka.connect.cli.ConnectDistributed")
              .heap("512m")
              .options(LightJvm.OPTIONS)
              .options(List.of("-Dlog4j2.level=INFO"))
              .start(List.of(settings.toString()), folder.resolve("worker.log"));
      ConnectWorker worker =
          new ConnectWorker(
              folder, process, new ConnectRest(URI.create("http://127.0.0.1:" + port)));
      try {
        worker.awaitReady();
      } catch (RuntimeException e) {
        worker.close();
        throw e;
      }
      return worker;
    } catch (IOException e) {
      TemporaryFolders.delete(folder);
      throw new UncheckedIOException("cannot start a Kafka Connect worker", e);
    }
  }

  private static String properties(
      String bootstrapServers, int port, Map<String, String> overrides) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("bootstrap.servers", bootstrapServers);
    p.put("group.id", "cmp-connect");
    p.put("key.converter", "org.apache.kafka.connect.json.JsonConverter");
    p.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
    p.put("config.storage.topic", "cmp.connect.configs");
    p.put("offset.storage.topic", "cmp.connect.offsets");
    p.put("status.storage.topic", "cmp.connect.statuses");
    p.put("config.storage.replication.factor", "1");
    p.put("offset.storage.replication.factor", "1");
    p.put("status.storage.replication.factor", "1");
    p.put("listeners", "http://127.0.0.1:" + port);
    p.put("rest.advertised.host.name", "127.0.0.1");
    p.put("config.providers", "file");
    p.put(
        "config.providers.file.class",
        "org.apache.kafka.common.config.provider.FileConfigProvider");
    p.put("connector.client.config.override.policy", "All");
    p.putAll(overrides);
    StringBuilder text = new StringBuilder();
    p.forEach((name, value) -> text.append(name).append('=').append(value).append('\n'));
    return text.toString();
  }

  /** The REST API of this worker. */
  public ConnectRest rest() {
    return rest;
  }

  /** Waits until the REST API answers, polling it every 200 ms (the wait for the process). */
  private void awaitReady() {
    long deadline = System.nanoTime() + READY_WITHIN.toNanos();
    HttpClient http = HttpClient.newHttpClient();
    HttpRequest root = HttpRequest.newBuilder(rest.base().resolve("/connectors")).GET().build();
    try {
      while (System.nanoTime() < deadline) {
        if (process.awaitEnd(Duration.ofMillis(200))) {
          throw new IllegalStateException(
              "Kafka Connect worker exited with " + process.exitValue() + ": " + outputTail());
        }
        try {
          if (http.send(root, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
            log.info("Kafka Connect worker {} answers at {}", process.pid(), rest.base());
            return;
          }
        } catch (ConnectException e) {
          // not listening yet
        } catch (IOException e) {
          log.debug("Kafka Connect worker not ready: {}", e.toString());
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for Kafka Connect", e);
    }
    throw new IllegalStateException(
        "Kafka Connect worker not ready within " + READY_WITHIN + ": " + outputTail());
  }

  /** The tail of the worker's log, for failure messages. */
  public String outputTail() {
    return process.outputTail(40);
  }

  /** Stops the worker (SIGTERM: it leaves its group and stops its tasks) and deletes its files. */
  @Override
  public void close() {
    process.stop(Duration.ofSeconds(30));
    TemporaryFolders.delete(folder);
  }
}
