package com.cmp.polling.core.concurrent;

import java.util.concurrent.ThreadFactory;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

/**
 * The threads of the pipeline's own executors (refreshers, tickers, worker pools): daemon threads,
 * so that none keeps a JVM up after its application context closed, and named after what they do,
 * so that a thread dump or a log line tells whose they are.
 */
public final class DaemonThreads {

  private DaemonThreads() {}

  /** Threads named {@code <name>-1}, {@code <name>-2}, ... */
  public static ThreadFactory named(String name) {
    CustomizableThreadFactory threads = new CustomizableThreadFactory(name + "-");
    threads.setDaemon(true);
    return threads;
  }
}
