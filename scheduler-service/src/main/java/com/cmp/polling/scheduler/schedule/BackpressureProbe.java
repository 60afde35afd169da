package com.cmp.polling.scheduler.schedule;

import com.cmp.polling.core.queue.Backlog;
import com.cmp.polling.core.queue.PollingQueueException;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.lag.ConsumerLag;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/** Takes the measures back-pressure decides on: the handlers' lag and the due backlog. */
@Component
class BackpressureProbe implements Backpressure.Measurer {

  private static final Logger log = LoggerFactory.getLogger(BackpressureProbe.class);

  private final PollingQueueManager queues;
  private final ConsumerLag lag;

  BackpressureProbe(PollingQueueManager queues, ConsumerLag lag) {
    this.queues = queues;
    this.lag = lag;
  }

  @Override
  public BackpressureMeasures measure(TaskType type, Instant at) {
    Backlog backlog = null;
    try {
      backlog = queues.getBacklog(type);
    } catch (PollingQueueException e) {
      // Only a monitoring figure, which never decides: dispatching is what drains it, so holding
      // back on it would make it grow and keep the type held back; the decision rests on the lag.
      log.warn("{} due backlog unknown: {}", type.code(), e.getMessage());
    }
    return new BackpressureMeasures(at, lag.of(type), backlog);
  }
}
