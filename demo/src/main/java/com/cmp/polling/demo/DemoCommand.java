package com.cmp.polling.demo;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

/**
 * {@code java -jar demo/target/cmp-polling-demo.jar [options]} (or {@code ./demo.sh}): the whole
 * pipeline in this JVM on embedded servers. See {@link DemoOptions} for the options.
 */
public final class DemoCommand {

  private static final Logger log = LoggerFactory.getLogger(DemoCommand.class);

  private DemoCommand() {}

  public static void main(String[] args) throws Exception {
    DemoOptions options;
    try {
      options = DemoOptions.parse(args);
    } catch (IllegalArgumentException e) {
      log.error("{}\n{}", e.getMessage(), DemoOptions.usage());
      System.exit(2);
      return;
    }
    CountDownLatch stopAsked = stopOnSignal();
    Demo demo = Demo.start(options);
    if (options.duration() == null) {
      stopAsked.await();
    } else if (!stopAsked.await(options.duration().toMillis(), TimeUnit.MILLISECONDS)) {
      demo.summarize();
    }
    demo.close();
    // Done: a library's leftover non-daemon thread must not keep the JVM up.
    System.exit(0);
  }

  /**
   * Ctrl-C (SIGINT) and kill (SIGTERM) ask the main thread to stop the demo: the apps first, then
   * the servers they use. Left to the JVM, a signal would run every shutdown hook at once, the
   * embedded PostgreSQL's and redis-server's among them, and stop the servers under the running
   * apps (their clients then retry, log connection failures and wait out their timeouts). A second
   * signal while stopping exits at once; the servers' own hooks still stop them.
   */
  private static CountDownLatch stopOnSignal() {
    CountDownLatch stopAsked = new CountDownLatch(1);
    for (String name : List.of("INT", "TERM")) {
      Signal.handle(
          new Signal(name),
          signal -> {
            if (stopAsked.getCount() == 0) {
              log.warn("second {}: exiting without waiting for the apps", signal.getName());
              System.exit(130);
            }
            log.info("SIG{} received: stopping", signal.getName());
            stopAsked.countDown();
          });
    }
    return stopAsked;
  }
}
