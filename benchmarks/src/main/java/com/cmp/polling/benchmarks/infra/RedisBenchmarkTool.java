package com.cmp.polling.benchmarks.infra;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs Redis's own {@code redis-benchmark} (when it is on the PATH) against the same server, to
 * give the ceiling a client can at best approach.
 */
public final class RedisBenchmarkTool {

  private static final Logger log = LoggerFactory.getLogger(RedisBenchmarkTool.class);

  private RedisBenchmarkTool() {}

  /**
   * Requests per second of one command, or empty when redis-benchmark is missing or fails.
   *
   * @param command the command and its arguments, e.g. {@code EVAL <script> 1 key ...}
   */
  public static Optional<Double> requestsPerSecond(
      int port, int clients, int requests, List<String> command) {
    List<String> args = new ArrayList<>(List.of("redis-benchmark", "-h", "127.0.0.1", "-p"));
    args.add(Integer.toString(port));
    args.addAll(
        List.of("-c", Integer.toString(clients), "-n", Integer.toString(requests), "--csv"));
    args.addAll(command);
    try {
      Process process = new ProcessBuilder(args).redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (process.waitFor() != 0) {
        log.warn("redis-benchmark failed: {}", output.strip());
        return Optional.empty();
      }
      // CSV: "test","rps",... then one line per test; rps is the second column.
      String[] lines = output.strip().split("\n");
      String[] columns = lines[lines.length - 1].split("\",\"");
      return Optional.of(Double.parseDouble(columns[1].replace("\"", "")));
    } catch (IOException e) {
      log.warn("redis-benchmark is not available ({}): ceiling not measured", e.getMessage());
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }
}
