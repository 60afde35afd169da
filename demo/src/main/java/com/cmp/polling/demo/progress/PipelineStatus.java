package com.cmp.polling.demo.progress;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.demo.PipelineApps;
import com.cmp.polling.schemas.task.TaskType;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * One reading of the whole pipeline, from the apps' own meters and from Redis: what a progress line
 * and the closing summary print.
 *
 * @param initProcessed cards the initializer has read so far
 * @param initTotal cards it has to read
 * @param published tasks the scheduler published, by task type
 * @param handled tasks the handlers finished, by task type (any result)
 * @param retried checks put off after a passing failure, by task type
 * @param stops confirmed stops by reason
 * @param resumes confirmed resumes by the reason that was lifted
 * @param depth cards queued, by task type
 * @param overdue queued cards already due, by task type
 */
public record PipelineStatus(
    long initProcessed,
    long initTotal,
    boolean initCompleted,
    Map<TaskType, Long> published,
    Map<TaskType, Long> handled,
    Map<TaskType, Long> retried,
    Map<String, Long> stops,
    Map<String, Long> resumes,
    Map<TaskType, Long> depth,
    Map<TaskType, Long> overdue,
    Map<String, Long> lifecycleEvents) {

  public static PipelineStatus read(PipelineApps apps, LifecycleEventCounter events) {
    MeterRegistry scheduler = apps.scheduler().getBean(MeterRegistry.class);
    MeterRegistry handlers = apps.handlers().getBean(MeterRegistry.class);
    MeterRegistry operator = apps.operator().getBean(MeterRegistry.class);
    PollingQueueManager queues = apps.scheduler().getBean(PollingQueueManager.class);
    Map<Object, Object> init =
        apps.scheduler()
            .getBean(StringRedisTemplate.class)
            .opsForHash()
            .entries(RedisKeys.INIT_PROGRESS);
    Instant now = Instant.now();
    return new PipelineStatus(
        Long.parseLong(String.valueOf(init.getOrDefault("processed", "0"))),
        Long.parseLong(String.valueOf(init.getOrDefault("total", "0"))),
        Boolean.parseBoolean(String.valueOf(init.getOrDefault("completed", "false"))),
        perType(t -> sum(scheduler, "polling.scheduler.dispatched", "task_type", t.code(), null)),
        perType(t -> sum(handlers, "polling.handlers.checks", "task_type", t.code(), null)),
        perType(t -> sum(handlers, "polling.handlers.checks", "task_type", t.code(), "retry")),
        actions(handlers, operator, "stop"),
        actions(handlers, operator, "resume"),
        perType(queues::getTotalQueueDepth),
        perType(t -> queues.getOverdueCount(t, now)),
        events.counts());
  }

  private static Map<TaskType, Long> perType(Function<TaskType, Long> value) {
    Map<TaskType, Long> values = new EnumMap<>(TaskType.class);
    for (TaskType type : TaskType.values()) {
      values.put(type, value.apply(type));
    }
    return values;
  }

  private static long sum(
      MeterRegistry meters, String name, String tag, String value, String result) {
    var search = meters.find(name).tag(tag, value);
    if (result != null) {
      search = search.tag("result", result);
    }
    return (long) search.counters().stream().mapToDouble(Counter::count).sum();
  }

  /** Confirmed actions by reason, from the handlers (rules) and the operator app (operators). */
  private static Map<String, Long> actions(
      MeterRegistry handlers, MeterRegistry operator, String action) {
    Map<String, Long> byReason = new TreeMap<>();
    for (MeterRegistry meters : new MeterRegistry[] {handlers, operator}) {
      for (Counter counter :
          meters
              .find("polling.stopresume.actions")
              .tag("action", action)
              .tag("result", "success")
              .counters()) {
        String reason = counter.getId().getTag("reason");
        byReason.merge(reason == null ? "?" : reason, (long) counter.count(), Long::sum);
      }
    }
    return byReason;
  }

  static long total(Map<?, Long> values) {
    return values.values().stream().mapToLong(Long::longValue).sum();
  }

  /** The app whose meters hold a given figure; exposed for tests that read other meters. */
  public static MeterRegistry meters(ConfigurableApplicationContext app) {
    return app.getBean(MeterRegistry.class);
  }
}
