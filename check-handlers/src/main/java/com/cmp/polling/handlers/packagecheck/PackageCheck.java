package com.cmp.polling.handlers.packagecheck;

import com.cmp.polling.core.card.CachedCard;
import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.handlers.base.CardByCardBody;
import com.cmp.polling.handlers.base.CheckOutcome;
import com.cmp.polling.handlers.base.CheckRunner;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.CardNotFoundException;
import com.cmp.polling.stopresume.StopResumeService;
import java.time.Clock;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * The package check: brings the card's (or device's) packages up to date — expired by time,
 * exhausted by usage — then asks StopResumeService.
 */
@Component
class PackageCheck implements CardByCardBody {

  private static final Logger log = LoggerFactory.getLogger(PackageCheck.class);

  private final CheckRunner runner;
  private final CardStore cards;
  private final PackageUsageStore packages;
  private final StopResumeService stopResume;
  private final Clock clock;

  PackageCheck(
      CheckRunner runner,
      CardStore cards,
      PackageUsageStore packages,
      StopResumeService stopResume,
      Clock clock) {
    this.runner = runner;
    this.cards = cards;
    this.packages = packages;
    this.stopResume = stopResume;
    this.clock = clock;
  }

  @KafkaListener(
      id = Topics.CHECK_HANDLERS_GROUP_PREFIX + "package",
      groupId = Topics.CHECK_HANDLERS_GROUP_PREFIX + "package",
      topics = Topics.TASK_PACKAGE_NAME,
      containerFactory = "checkTaskListenerFactory",
      concurrency = "${cmp.polling.handlers.consumers-per-type:4}")
  void onTasks(List<ConsumerRecord<String, byte[]>> records) {
    runner.runAll(records, TaskType.PACKAGE, this);
  }

  /** Manual checks: a topic and consumer group of their own, never behind the regular lag. */
  @KafkaListener(
      id = Topics.CHECK_HANDLERS_GROUP_PREFIX + "package" + Topics.MANUAL_GROUP_SUFFIX,
      groupId = Topics.CHECK_HANDLERS_GROUP_PREFIX + "package" + Topics.MANUAL_GROUP_SUFFIX,
      topics = Topics.MANUAL_PACKAGE_NAME,
      containerFactory = "checkTaskListenerFactory",
      concurrency = "1")
  void onManualTasks(List<ConsumerRecord<String, byte[]>> records) {
    runner.runManual(records, TaskType.PACKAGE, this);
  }

  @Override
  public CheckOutcome check(CheckTask task, CachedCard cached) {
    Card card =
        cards.findById(cached.id()).orElseThrow(() -> new CardNotFoundException(cached.id()));
    int changed = packages.refreshState(card.packageOwner(), clock.instant());
    if (changed > 0) {
      log.info(
          "card {}: {} package(s) of {} expired or exhausted",
          card.id(),
          changed,
          card.packageOwner());
    }
    return CheckOutcome.after(stopResume.evaluateAndAct(card.id()));
  }
}
