package com.cmp.polling.demo;

import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
    CountDownLatch stopped = new CountDownLatch(1);
    Demo demo = Demo.start(options);
    // Ctrl-C (SIGINT) and kill (SIGTERM) run this: apps first, then the servers they use.
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  demo.close();
                  stopped.countDown();
                },
                "demo-shutdown"));
    if (options.duration() == null) {
      stopped.await();
      return;
    }
    Thread.sleep(options.duration().toMillis());
    demo.summarize();
    demo.close();
    // Done: a library's leftover non-daemon thread must not keep the JVM up.
    System.exit(0);
  }
}
