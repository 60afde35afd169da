package com.cmp.polling.handlers.base;

import com.cmp.polling.core.concurrent.DaemonThreads;
import com.cmp.polling.handlers.config.HandlersProperties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * The threads manual checks run on: a pool of their own, so that a manual check never waits behind
 * the regular checks queued for the check workers.
 */
@Component
class ManualWorkers implements DisposableBean {

  private final ExecutorService executor;

  ManualWorkers(HandlersProperties properties) {
    this.executor =
        Executors.newFixedThreadPool(
            properties.manualWorkerThreads(), DaemonThreads.named("manual-check-worker"));
  }

  ExecutorService executor() {
    return executor;
  }

  @Override
  public void destroy() {
    executor.shutdownNow();
  }
}
