package com.cmp.polling.schemas;

import com.cmp.polling.schemas.action.CardAction;
import com.cmp.polling.schemas.lifecycle.LifecycleEvent;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Every Kafka topic of the pipeline, declared once. The {@code *_NAME} strings exist only for
 * annotations ({@code @KafkaListener(topics = ...)}), which need compile-time constants; code uses
 * the {@link Topic} constants.
 */
public final class Topics {

  /** Debezium's {@code topic.prefix}; raw CDC topics are {@code <prefix>.<schema>.<table>}. */
  public static final String CDC_PREFIX = "cmp";

  public static final String CDC_CARD_NAME = CDC_PREFIX + ".public.tb_iot_card";
  public static final String CDC_DEVICE_NAME = CDC_PREFIX + ".public.tb_device";
  public static final String CDC_CONFIG_NAME = CDC_PREFIX + ".public.tb_polling_config";
  public static final String CDC_STOP_RESUME_LOG_NAME = CDC_PREFIX + ".public.tb_stop_resume_log";
  public static final String LIFECYCLE_NAME = "polling.lifecycle";
  public static final String TASK_REALNAME_NAME = "polling.task.realname";
  public static final String TASK_CARDDATA_NAME = "polling.task.carddata";
  public static final String TASK_PACKAGE_NAME = "polling.task.package";
  public static final String TASK_PROTECT_NAME = "polling.task.protect";
  public static final String MANUAL_REALNAME_NAME = TASK_REALNAME_NAME + ".manual";
  public static final String MANUAL_CARDDATA_NAME = TASK_CARDDATA_NAME + ".manual";
  public static final String MANUAL_PACKAGE_NAME = TASK_PACKAGE_NAME + ".manual";
  public static final String MANUAL_PROTECT_NAME = TASK_PROTECT_NAME + ".manual";
  public static final String CARD_ACTIONS_NAME = "polling.card.actions";

  /** Raw change events of tb_iot_card in Debezium's JSON envelope (key: primary key). */
  public static final Topic<String> CDC_CARD = new Topic<>(CDC_CARD_NAME, String.class, null);

  /** Raw change events of tb_device in Debezium's JSON envelope (key: primary key). */
  public static final Topic<String> CDC_DEVICE = new Topic<>(CDC_DEVICE_NAME, String.class, null);

  /** Raw change events of tb_polling_config in Debezium's JSON envelope (key: primary key). */
  public static final Topic<String> CDC_CONFIG = new Topic<>(CDC_CONFIG_NAME, String.class, null);

  /**
   * Raw change events of tb_stop_resume_log in Debezium's JSON envelope (key: primary key): the
   * outbox that {@link #CARD_ACTIONS} is derived from.
   */
  public static final Topic<String> CDC_STOP_RESUME_LOG =
      new Topic<>(CDC_STOP_RESUME_LOG_NAME, String.class, null);

  /** Typed lifecycle events (key: card id, or {@code config:<id>}). */
  public static final Topic<LifecycleEvent> LIFECYCLE =
      new Topic<>(LIFECYCLE_NAME, LifecycleEvent.class, "lifecycle-event");

  public static final Topic<CheckTask> TASK_REALNAME =
      new Topic<>(TASK_REALNAME_NAME, CheckTask.class, "check-task");
  public static final Topic<CheckTask> TASK_CARDDATA =
      new Topic<>(TASK_CARDDATA_NAME, CheckTask.class, "check-task");
  public static final Topic<CheckTask> TASK_PACKAGE =
      new Topic<>(TASK_PACKAGE_NAME, CheckTask.class, "check-task");
  public static final Topic<CheckTask> TASK_PROTECT =
      new Topic<>(TASK_PROTECT_NAME, CheckTask.class, "check-task");

  /*
   * Manual checks (an operator's) take a topic of their own per task type,
   * with consumers of their own: they are never queued behind the regular topic's lag.
   */
  public static final Topic<CheckTask> MANUAL_REALNAME =
      new Topic<>(MANUAL_REALNAME_NAME, CheckTask.class, "check-task");
  public static final Topic<CheckTask> MANUAL_CARDDATA =
      new Topic<>(MANUAL_CARDDATA_NAME, CheckTask.class, "check-task");
  public static final Topic<CheckTask> MANUAL_PACKAGE =
      new Topic<>(MANUAL_PACKAGE_NAME, CheckTask.class, "check-task");
  public static final Topic<CheckTask> MANUAL_PROTECT =
      new Topic<>(MANUAL_PROTECT_NAME, CheckTask.class, "check-task");

  /**
   * Every stop or resume the carrier confirmed (key: card id), one record per success row of
   * tb_stop_resume_log, derived from {@link #CDC_STOP_RESUME_LOG} by the lifecycle listener.
   */
  public static final Topic<CardAction> CARD_ACTIONS =
      new Topic<>(CARD_ACTIONS_NAME, CardAction.class, "card-action");

  private static final Map<TaskType, Topic<CheckTask>> TASK_TOPICS = new EnumMap<>(TaskType.class);
  private static final Map<TaskType, Topic<CheckTask>> MANUAL_TOPICS =
      new EnumMap<>(TaskType.class);

  static {
    TASK_TOPICS.put(TaskType.REALNAME, TASK_REALNAME);
    TASK_TOPICS.put(TaskType.CARDDATA, TASK_CARDDATA);
    TASK_TOPICS.put(TaskType.PACKAGE, TASK_PACKAGE);
    TASK_TOPICS.put(TaskType.PROTECT, TASK_PROTECT);
    MANUAL_TOPICS.put(TaskType.REALNAME, MANUAL_REALNAME);
    MANUAL_TOPICS.put(TaskType.CARDDATA, MANUAL_CARDDATA);
    MANUAL_TOPICS.put(TaskType.PACKAGE, MANUAL_PACKAGE);
    MANUAL_TOPICS.put(TaskType.PROTECT, MANUAL_PROTECT);
  }

  /** Prefix of the check handlers' consumer groups: {@code <prefix><task type>}. */
  public static final String CHECK_HANDLERS_GROUP_PREFIX = "cmp-check-handlers-";

  /**
   * Suffix of the check handlers' manual consumer groups and listener ids: {@code <prefix><task
   * type><suffix>}, a group apart from the regular one.
   */
  public static final String MANUAL_GROUP_SUFFIX = "-manual";

  /** Consumer group of the check handlers of one task type (the scheduler measures its lag). */
  public static String checkHandlersGroup(TaskType type) {
    return CHECK_HANDLERS_GROUP_PREFIX + type.code();
  }

  /** Consumer group of the check handlers of one task type's manual topic. */
  public static String manualCheckHandlersGroup(TaskType type) {
    return checkHandlersGroup(type) + MANUAL_GROUP_SUFFIX;
  }

  /** Consumer group of the lifecycle listener on {@code polling.lifecycle}. */
  public static final String LIFECYCLE_GROUP = "cmp-lifecycle-listener";

  private Topics() {}

  /** The topic the scheduler publishes {@code type} checks to. */
  public static Topic<CheckTask> checkTasks(TaskType type) {
    return TASK_TOPICS.get(type);
  }

  /** The topic the scheduler publishes manual {@code type} checks to. */
  public static Topic<CheckTask> manualCheckTasks(TaskType type) {
    return MANUAL_TOPICS.get(type);
  }

  /** Every topic, for creating them at start-up and for the contract tests. */
  public static List<Topic<?>> all() {
    return List.of(
        CDC_CARD,
        CDC_DEVICE,
        CDC_CONFIG,
        CDC_STOP_RESUME_LOG,
        LIFECYCLE,
        TASK_REALNAME,
        TASK_CARDDATA,
        TASK_PACKAGE,
        TASK_PROTECT,
        MANUAL_REALNAME,
        MANUAL_CARDDATA,
        MANUAL_PACKAGE,
        MANUAL_PROTECT,
        CARD_ACTIONS);
  }
}
