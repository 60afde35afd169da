package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.autoconfigure.PollingProperties;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.card.PlanningChanges;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.enrollment.IntervalStretches;
import com.cmp.polling.core.lock.OperationLocks;
import com.cmp.polling.core.queue.QueueAudit;
import com.cmp.polling.core.queue.QueueSettings;
import com.cmp.polling.scheduler.config.SchedulerProperties;
import com.cmp.polling.status.initializer.InitProgressStore;
import com.cmp.polling.status.lag.ConsumerLag;
import com.cmp.polling.status.reconcile.ReconcileStatusStore;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The queue reconciler and its parts ({@code cmp.polling.scheduler.reconciler.*}). */
@Configuration(proxyBeanMethods = false)
class ReconcilerConfiguration {

  @Bean
  QueueAudit queueAudit(StringRedisTemplate redis, PollingProperties properties) {
    var queue = properties.queue();
    return new QueueAudit(redis, new QueueSettings(queue.shardCount(), queue.lease()));
  }

  @Bean
  Reconciler reconciler(
      CardStore cards,
      CardPlanner planner,
      IntervalStretches stretches,
      QueueAudit queues,
      JdbcClient jdbc,
      StringRedisTemplate redis,
      ConsumerLag lag,
      PollingConfigManager configs,
      OperationLocks locks,
      InitProgressStore initProgress,
      ReconcileStatusStore status,
      ReconcilerMetrics metrics,
      SchedulerProperties properties,
      PollingProperties polling,
      Clock clock) {
    SchedulerProperties.Reconciler settings = properties.reconciler();
    ChangeTimes changes = new ChangeTimes(jdbc);
    PlanningChanges planning = new PlanningChanges(jdbc);
    SettleWindow settle =
        new SettleWindow(lag, changes, settings.settle(), settings.topologyGroup(), clock);
    configs.addChangeListener(settle);
    Suspicions suspicions = new Suspicions();
    FarFuture farFuture =
        new FarFuture(
            configs,
            polling.queue().lease(),
            planner.usageAware().longestWait(),
            stretches::largest,
            clock);
    CardRepairs repairs =
        new CardRepairs(
            cards,
            changes,
            configs,
            planner,
            queues,
            settle,
            suspicions,
            farFuture,
            metrics,
            clock);
    CardPages pages = new CardPages(planner, queues, farFuture);
    int pageSize = settings.pageSize();
    Sweep sweep =
        new Sweep(
            planning,
            pages,
            repairs,
            new EntrySweep(queues, repairs, pageSize),
            queues,
            pageSize,
            settings.interval(),
            settings.sweepPeriod(),
            clock);
    PassPlanner passPlanner =
        new PassPlanner(
            new ProgressStore(redis),
            new ChangeMarker(planning, clock, ChangeMarker.COMMIT_WAIT),
            sweep,
            initProgress,
            properties.initializer().enabled(),
            redis,
            jdbc,
            settings.cdcSlot(),
            clock);
    LockedPass locked =
        new LockedPass(
            new FullPass(cards, pages, queues, repairs, pageSize, settings.pause()),
            new IncrementalPass(
                new ChangedCards(planning, repairs, pageSize),
                sweep,
                queues,
                repairs,
                farFuture,
                pageSize,
                settings.pause()),
            passPlanner,
            farFuture,
            settle,
            suspicions,
            status,
            metrics,
            locks,
            initProgress,
            configs,
            properties,
            clock);
    return new Reconciler(locked::run, status, settings, clock);
  }
}
