package com.cmp.polling.scaleout.apps;

import org.springframework.context.ConfigurableApplicationContext;

/**
 * One instance of an app under test: a Spring application context of its own in the test JVM.
 * {@link #close()} stops it as a shutdown of its process would (its consumers leave their groups,
 * its lifecycle beans stop), so that a test can take an instance away while the others run.
 */
public final class RunningApp implements AutoCloseable {

  private final String name;
  private final ConfigurableApplicationContext context;

  RunningApp(String name, ConfigurableApplicationContext context) {
    this.name = name;
    this.context = context;
  }

  /** e.g. {@code scheduler-1}. */
  public String name() {
    return name;
  }

  public <T> T bean(Class<T> type) {
    return context.getBean(type);
  }

  public <T> T bean(String beanName, Class<T> type) {
    return context.getBean(beanName, type);
  }

  public boolean containsBean(String beanName) {
    return context.containsBean(beanName);
  }

  /** Whether the instance still runs (it was neither closed nor failed). */
  public boolean isRunning() {
    return context.isActive();
  }

  @Override
  public void close() {
    if (context.isActive()) {
      context.close();
    }
  }

  @Override
  public String toString() {
    return name;
  }
}
