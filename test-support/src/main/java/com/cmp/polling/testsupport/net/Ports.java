package com.cmp.polling.testsupport.net;

import com.cmp.polling.embedded.process.FreePorts;

/** Local TCP ports for tests. */
public final class Ports {

  private Ports() {}

  /**
   * A port nobody listens on right now: for a server about to start, or as an address where nothing
   * answers (another process could take it in between; tests accept that small risk).
   */
  public static int free() {
    return FreePorts.free();
  }
}
