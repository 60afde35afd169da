package com.cmp.polling.embedded.process;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * A child JVM's main class for {@link AppJvmIT}: answers {@code GET /actuator/health} (and its
 * groups, such as the readiness probe {@code /actuator/health/readiness}) with UP on the {@code
 * --management.server.port} it is given, as a Spring Boot app's actuator would, until it is
 * stopped. With {@code --exit-code=N} it ends at once with that code instead.
 */
public final class HealthEndpointMain {

  private HealthEndpointMain() {}

  public static void main(String[] args) throws Exception {
    int port = -1;
    for (String arg : args) {
      if (arg.startsWith("--exit-code=")) {
        System.exit(Integer.parseInt(arg.substring("--exit-code=".length())));
      }
      if (arg.startsWith("--management.server.port=")) {
        port = Integer.parseInt(arg.substring("--management.server.port=".length()));
      }
    }
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
    server.createContext(
        "/actuator/health",
        exchange -> {
          byte[] body = "{\"status\":\"UP\"}".getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.start();
  }
}
