package com.cmp.polling.testsupport.kafka;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A TCP forwarder from one local port to another that a test can cut (connections dropped, new ones
 * refused: the server is unreachable) and open again, while the server behind it runs on.
 */
final class CuttableProxy implements AutoCloseable {

  private final int listenPort;
  private final int targetPort;
  private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
  private final ExecutorService threads =
      Executors.newCachedThreadPool(
          runnable -> {
            Thread thread = new Thread(runnable, "kafka-proxy");
            thread.setDaemon(true);
            return thread;
          });
  private ServerSocket server;

  CuttableProxy(int listenPort, int targetPort) {
    this.listenPort = listenPort;
    this.targetPort = targetPort;
  }

  /** Accepts connections and forwards them; nothing happens when it is already open. */
  synchronized void open() {
    if (server != null) {
      return;
    }
    try {
      ServerSocket listening = new ServerSocket();
      listening.setReuseAddress(true);
      listening.bind(new InetSocketAddress("127.0.0.1", listenPort));
      server = listening;
      threads.submit(() -> accept(listening));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot listen on port " + listenPort, e);
    }
  }

  /** Drops every connection and refuses new ones until {@link #open()}. */
  synchronized void cut() {
    if (server == null) {
      return;
    }
    closeQuietly(server);
    server = null;
    sockets.forEach(CuttableProxy::closeQuietly);
    sockets.clear();
  }

  private void accept(ServerSocket listening) {
    try {
      while (!listening.isClosed()) {
        Socket client = listening.accept();
        Socket target = new Socket("127.0.0.1", targetPort);
        sockets.add(client);
        sockets.add(target);
        threads.submit(() -> pump(client, target));
        threads.submit(() -> pump(target, client));
      }
    } catch (IOException e) {
      // cut or closed
    }
  }

  private void pump(Socket from, Socket to) {
    try (InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream()) {
      in.transferTo(out);
    } catch (IOException e) {
      // one side went away: drop both
    } finally {
      closeQuietly(from);
      closeQuietly(to);
      sockets.remove(from);
      sockets.remove(to);
    }
  }

  private static void closeQuietly(AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (Exception e) {
      // already closed
    }
  }

  @Override
  public void close() {
    cut();
    threads.shutdownNow();
  }
}
