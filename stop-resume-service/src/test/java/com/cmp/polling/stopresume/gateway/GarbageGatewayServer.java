package com.cmp.polling.stopresume.gateway;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * A gateway that answers 200 with bodies that are not the documented JSON. The simulator always
 * speaks the contract, so tests of broken answers use this throw-away server instead.
 */
public final class GarbageGatewayServer implements AutoCloseable {

  private final HttpServer server;

  public GarbageGatewayServer() {
    try {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext(
        "/",
        exchange -> {
          String path = exchange.getRequestURI().getPath();
          String body =
              path.endsWith("usage")
                  ? "{\"iccid\":\"x\",\"monthStart\":\"soon\",\"totalMb\":1}"
                  : path.endsWith("real-name") ? "{\"iccid\":\"x\"}" : "{not json";
          byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, bytes.length);
          exchange.getResponseBody().write(bytes);
          exchange.close();
        });
    server.start();
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
