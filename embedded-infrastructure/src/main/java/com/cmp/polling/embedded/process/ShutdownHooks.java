package com.cmp.polling.embedded.process;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What must not outlive this JVM: a server it started for its whole life, a child process. The
 * hooks run when the JVM ends normally or on SIGTERM/SIGINT (a SIGKILL runs nothing).
 */
public final class ShutdownHooks {

  private static final Logger log = LoggerFactory.getLogger(ShutdownHooks.class);

  private ShutdownHooks() {}

  /** Closes {@code resource} when the JVM ends; a failure is logged, naming {@code what}. */
  public static void closeOnExit(String what, AutoCloseable resource) {
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    resource.close();
                  } catch (Exception e) {
                    log.warn("{} did not stop cleanly", what, e);
                  }
                },
                "close-on-exit"));
  }
}
