package com.cmp.polling.scheduler.reconcile;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.LoggerFactory;

/**
 * What the reconciler's logger writes (its periodic runs and its passes, in every instance of the
 * JVM), DEBUG and above, with the time of each line. Safe to read while a pass thread writes.
 */
final class ReconcilerLog extends AppenderBase<ILoggingEvent> implements AutoCloseable {

  /** A line and when it was written. */
  record Line(Instant at, Level level, String message) {}

  private final List<Line> lines = new CopyOnWriteArrayList<>();
  private final Logger logger = (Logger) LoggerFactory.getLogger(Reconciler.class);
  private final Level previousLevel = logger.getLevel();

  private ReconcilerLog() {}

  static ReconcilerLog attach() {
    ReconcilerLog log = new ReconcilerLog();
    log.start();
    log.reattach();
    return log;
  }

  /**
   * Attaches again when a starting app reset the logging system (only the first app of a JVM does):
   * idempotent.
   */
  void reattach() {
    logger.setLevel(Level.DEBUG);
    if (!logger.isAttached(this)) {
      logger.addAppender(this);
    }
  }

  @Override
  protected void append(ILoggingEvent event) {
    lines.add(
        new Line(
            Instant.ofEpochMilli(event.getTimeStamp()),
            event.getLevel(),
            event.getFormattedMessage()));
  }

  /** The lines that start with {@code prefix}, oldest first. */
  List<Line> startingWith(String... prefixes) {
    return lines.stream()
        .filter(
            line -> {
              for (String prefix : prefixes) {
                if (line.message().startsWith(prefix)) {
                  return true;
                }
              }
              return false;
            })
        .toList();
  }

  int count(String prefix) {
    return startingWith(prefix).size();
  }

  @Override
  public void close() {
    logger.detachAppender(this);
    logger.setLevel(previousLevel);
    stop();
  }
}
