package com.cmp.polling.embedded.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** Local TCP ports for servers about to start. */
public final class FreePorts {

  private FreePorts() {}

  /**
   * A port nobody listens on right now: for a server about to start, or as an address where nothing
   * answers (another process could take it in between; a local server accepts that small risk).
   */
  public static int free() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free port", e);
    }
  }

  /** Whether nothing listens on {@code port} right now. */
  public static boolean isFree(int port) {
    try (ServerSocket socket = new ServerSocket(port)) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
