package com.cmp.polling.testsupport.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * Captures what one logger writes, so a test can assert that a decision or a warning was logged.
 * Close it to detach.
 */
public final class CapturedLogs implements AutoCloseable {

  private final Logger logger;
  private final ListAppender<ILoggingEvent> appender = new ListAppender<>();
  private final Level previousLevel;

  private CapturedLogs(Class<?> source, Level level) {
    logger = (Logger) LoggerFactory.getLogger(source);
    previousLevel = logger.getLevel();
    logger.setLevel(level);
    appender.start();
    logger.addAppender(appender);
  }

  /** Captures INFO and above. */
  public static CapturedLogs of(Class<?> source) {
    return new CapturedLogs(source, Level.INFO);
  }

  /** Captures DEBUG and above. */
  public static CapturedLogs withDebugOf(Class<?> source) {
    return new CapturedLogs(source, Level.DEBUG);
  }

  /** Formatted messages at {@code level}, oldest first. */
  public List<String> messages(Level level) {
    return appender.list.stream()
        .filter(e -> e.getLevel().equals(level))
        .map(ILoggingEvent::getFormattedMessage)
        .toList();
  }

  /** How many captured events, of any level, carry an exception: each is a stack trace in a log. */
  public long withStackTraces() {
    return appender.list.stream().filter(e -> e.getThrowableProxy() != null).count();
  }

  @Override
  public void close() {
    logger.detachAppender(appender);
    logger.setLevel(previousLevel);
  }
}
