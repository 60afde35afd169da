package com.cmp.polling.scheduler.schedule;

import com.cmp.polling.core.queue.Backlog;
import com.cmp.polling.core.queue.PollingQueueException;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.lag.ConsumerLag;
import com.cmp.polling.status.lag.HandlerLag;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Takes the measures back-pressure decides on: the handlers' lag of every type at once, and the due
 * backlog of a type held back.
 */
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
  public Map<TaskType, HandlerLag> lags(Set<TaskType> types) {
    return lag.of(types);
  }

  @Override
  public Backlog backlog(TaskType type) {
    try {
      return queues.getBacklog(type);
    } catch (PollingQueueException e) {
      // Only a figure for the log and the history, which never decides: the decision rests on
      // the lag, and dispatching is what drains the backlog.
      log.warn("{} due backlog unknown: {}", type.code(), e.getMessage());
      return null;
    }
  }
}
