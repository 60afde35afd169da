package com.cmp.polling.stopresume.gateway;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;

/**
 * A throw-away gateway that answers every request with one status and a body chosen by its path,
 * and remembers what it was asked: for answers the simulator never gives, since it always speaks
 * the contract (garbage, a batch answer that leaves a card out).
 */
final class AnsweringServer implements AutoCloseable {

  private final HttpServer server;
  private final List<String> requests = new CopyOnWriteArrayList<>();

  /** Every request answered {@code status} with {@code body}. */
  AnsweringServer(int status, String body) {
    this(status, path -> body);
  }

  /**
   * @param bodyFor the body of the answer, from the request's path
   */
  AnsweringServer(int status, UnaryOperator<String> bodyFor) {
    try {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext(
        "/",
        exchange -> {
          String sent =
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
          String path = exchange.getRequestURI().getPath();
          requests.add(exchange.getRequestMethod() + " " + path + " " + sent);
          byte[] bytes = bodyFor.apply(path).getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(status, bytes.length);
          exchange.getResponseBody().write(bytes);
          exchange.close();
        });
    server.start();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Each request: method, path and body. */
  List<String> requests() {
    return requests;
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
