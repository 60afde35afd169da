package com.cmp.polling.stopresume.gateway;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A gateway that answers the first request of each connection with a valid keep-alive answer, and
 * closes the connection on the second without answering, as a gateway does when its idle timeout
 * strikes just as a request arrives: the client's request on that pooled connection gets no answer.
 */
final class ClosingGatewayServer implements AutoCloseable {

  private final ServerSocket server;
  private final AtomicInteger received = new AtomicInteger();
  private final AtomicInteger answered = new AtomicInteger();

  ClosingGatewayServer() {
    try {
      server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Thread acceptor = new Thread(this::serve, "closing-gateway");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  private void serve() {
    while (!server.isClosed()) {
      try (Socket socket = server.accept()) {
        BufferedReader in =
            new BufferedReader(
                new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
        if (!readRequest(in)) {
          continue;
        }
        // Counted before the answer leaves, so a test reading it after the call sees it.
        answered.incrementAndGet();
        answer(socket.getOutputStream());
        // The next request on this connection is read, then the connection closes unanswered.
        readRequest(in);
      } catch (IOException e) {
        // closed, or the client went away: next connection
      }
    }
  }

  private boolean readRequest(BufferedReader in) throws IOException {
    String requestLine = in.readLine();
    if (requestLine == null) {
      return false;
    }
    String line;
    while ((line = in.readLine()) != null && !line.isEmpty()) {
      // headers; the gateway client sends no body
    }
    received.incrementAndGet();
    return true;
  }

  private static void answer(OutputStream out) throws IOException {
    byte[] body =
        "{\"iccid\":\"x\",\"verified\":true,\"online\":false}".getBytes(StandardCharsets.UTF_8);
    out.write(
        ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                + body.length
                + "\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
    out.write(body);
    out.flush();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getLocalPort();
  }

  /** Requests that reached the gateway, answered or not. */
  int received() {
    return received.get();
  }

  /** Requests answered. */
  int answered() {
    return answered.get();
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}
