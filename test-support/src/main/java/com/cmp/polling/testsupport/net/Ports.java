package com.cmp.polling.testsupport.net;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** Local TCP ports for tests. */
public final class Ports {

  private Ports() {}

  /**
   * A port nobody listens on right now: for a server about to start, or as an address where nothing
   * answers (another process could take it in between; tests accept that small risk).
   */
  public static int free() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free port", e);
    }
  }
}
