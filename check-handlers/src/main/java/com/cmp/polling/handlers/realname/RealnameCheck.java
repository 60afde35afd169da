package com.cmp.polling.handlers.realname;

import com.cmp.polling.core.card.CachedCard;
import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.card.RealNameStatus;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.handlers.base.CardByCardBody;
import com.cmp.polling.handlers.base.CheckOutcome;
import com.cmp.polling.handlers.base.CheckRunner;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.CardNotFoundException;
import com.cmp.polling.stopresume.StopResumeService;
import com.cmp.polling.stopresume.gateway.CarrierCard;
import com.cmp.polling.stopresume.gateway.CarrierGateway;
import java.time.Clock;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * The realname check: asks the carrier, stores the status; when a card becomes verified (0 → 1) its
 * (or its device's) pending packages are activated and StopResumeService is asked at once, so a
 * card stopped for not_realname is resumed in the same handling (seed 004 decision 4, S1).
 */
@Component
class RealnameCheck implements CardByCardBody {

  private static final Logger log = LoggerFactory.getLogger(RealnameCheck.class);

  private final CheckRunner runner;
  private final CardStore cards;
  private final PackageUsageStore packages;
  private final CarrierGateway gateway;
  private final StopResumeService stopResume;
  private final Clock clock;

  RealnameCheck(
      CheckRunner runner,
      CardStore cards,
      PackageUsageStore packages,
      CarrierGateway gateway,
      StopResumeService stopResume,
      Clock clock) {
    this.runner = runner;
    this.cards = cards;
    this.packages = packages;
    this.gateway = gateway;
    this.stopResume = stopResume;
    this.clock = clock;
  }

  @KafkaListener(
      id = Topics.CHECK_HANDLERS_GROUP_PREFIX + "realname",
      groupId = Topics.CHECK_HANDLERS_GROUP_PREFIX + "realname",
      topics = Topics.TASK_REALNAME_NAME,
      containerFactory = "checkTaskListenerFactory",
      concurrency = "${cmp.polling.handlers.consumers-per-type:4}")
  void onTasks(List<ConsumerRecord<String, byte[]>> records) {
    runner.runAll(records, TaskType.REALNAME, this);
  }

  /** Manual checks: a topic and consumer group of their own, never behind the regular lag. */
  @KafkaListener(
      id = Topics.CHECK_HANDLERS_GROUP_PREFIX + "realname" + Topics.MANUAL_GROUP_SUFFIX,
      groupId = Topics.CHECK_HANDLERS_GROUP_PREFIX + "realname" + Topics.MANUAL_GROUP_SUFFIX,
      topics = Topics.MANUAL_REALNAME_NAME,
      containerFactory = "checkTaskListenerFactory",
      concurrency = "1")
  void onManualTasks(List<ConsumerRecord<String, byte[]>> records) {
    runner.runManual(records, TaskType.REALNAME, this);
  }

  @Override
  public CheckOutcome check(CheckTask task, CachedCard cached) {
    Card card =
        cards.findById(cached.id()).orElseThrow(() -> new CardNotFoundException(cached.id()));
    boolean verified = gateway.isRealNameVerified(CarrierCard.of(card));
    if (verified == card.isRealNameVerified()) {
      return CheckOutcome.NEXT;
    }
    cards.updateRealNameStatus(
        card.id(), verified ? RealNameStatus.VERIFIED : RealNameStatus.UNVERIFIED);
    log.info(
        "card {}: real-name {} at the carrier",
        card.id(),
        verified ? "verified" : "no longer verified");
    if (!verified) {
      return CheckOutcome.NEXT;
    }
    int activated = packages.activatePending(card.packageOwner(), clock.instant());
    if (activated > 0) {
      log.info(
          "card {}: first real-name verification activated {} pending package(s) of {}",
          card.id(),
          activated,
          card.packageOwner());
    }
    return CheckOutcome.after(stopResume.evaluateAndAct(card.id()));
  }
}
