package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.autoconfigure.PollingProperties;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.enrollment.CardPlanner;
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
      Clock clock) {
    SchedulerProperties.Reconciler settings = properties.reconciler();
    ChangeTimes changes = new ChangeTimes(jdbc);
    SettleWindow settle =
        new SettleWindow(lag, changes, settings.settle(), settings.topologyGroup(), clock);
    configs.addChangeListener(settle);
    Suspicions suspicions = new Suspicions();
    CardRepairs repairs =
        new CardRepairs(
            cards, changes, configs, planner, queues, settle, suspicions, metrics, clock);
    ReconcilePass pass =
        new ReconcilePass(cards, planner, queues, repairs, settings.pageSize(), settings.pause());
    LockedPass locked =
        new LockedPass(
            pass,
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
