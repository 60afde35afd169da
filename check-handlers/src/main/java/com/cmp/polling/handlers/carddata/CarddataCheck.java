package com.cmp.polling.handlers.carddata;

import com.cmp.polling.core.card.CachedCard;
import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.packageusage.PackageStatus;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.core.usage.DataUsageSample;
import com.cmp.polling.core.usage.DataUsageStore;
import com.cmp.polling.handlers.base.CheckBody;
import com.cmp.polling.handlers.base.CheckOutcome;
import com.cmp.polling.handlers.base.CheckRunner;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.CardNotFoundException;
import com.cmp.polling.stopresume.StopResumeService;
import com.cmp.polling.stopresume.gateway.CarrierCard;
import com.cmp.polling.stopresume.gateway.CarrierGateway;
import com.cmp.polling.stopresume.gateway.MonthToDateUsage;
import java.time.Clock;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The carddata check: month-to-date usage from the carrier → month accounting → usage sample → the
 * delta deducted from the active package (reaching its limit exhausts it) → StopResumeService.
 * Sample, counters and deduction are one transaction, and the counters make a redelivered task
 * harmless: the second run sees a delta of 0.
 */
@Component
class CarddataCheck implements CheckBody {

  private static final Logger log = LoggerFactory.getLogger(CarddataCheck.class);

  private final CheckRunner runner;
  private final CardStore cards;
  private final PackageUsageStore packages;
  private final DataUsageStore usage;
  private final CarrierGateway gateway;
  private final StopResumeService stopResume;
  private final TransactionTemplate transaction;
  private final Clock clock;

  CarddataCheck(
      CheckRunner runner,
      CardStore cards,
      PackageUsageStore packages,
      DataUsageStore usage,
      CarrierGateway gateway,
      StopResumeService stopResume,
      TransactionTemplate transaction,
      Clock clock) {
    this.runner = runner;
    this.cards = cards;
    this.packages = packages;
    this.usage = usage;
    this.gateway = gateway;
    this.stopResume = stopResume;
    this.transaction = transaction;
    this.clock = clock;
  }

  @KafkaListener(
      id = Topics.CHECK_HANDLERS_GROUP_PREFIX + "carddata",
      groupId = Topics.CHECK_HANDLERS_GROUP_PREFIX + "carddata",
      topics = Topics.TASK_CARDDATA_NAME,
      containerFactory = "checkTaskListenerFactory",
      concurrency = "${cmp.polling.handlers.consumers-per-type:4}")
  void onTasks(List<ConsumerRecord<String, byte[]>> records) {
    runner.runAll(records, TaskType.CARDDATA, this);
  }

  @Override
  public CheckOutcome check(CheckTask task, CachedCard cached) {
    MonthToDateUsage reported =
        gateway.monthToDateUsage(new CarrierCard(cached.id(), cached.iccid(), cached.carrierId()));
    Card written =
        transaction.execute(
            status ->
                record(
                    cards
                        .findByIdForUpdate(cached.id())
                        .orElseThrow(() -> new CardNotFoundException(cached.id())),
                    reported));
    // The card as this transaction left it: StopResumeService need not read it again.
    return CheckOutcome.after(stopResume.evaluateAndAct(written));
  }

  /** Records the sample; returns the card with the counters it wrote. */
  private Card record(Card card, MonthToDateUsage reported) {
    MonthAccounting.Sample sample = MonthAccounting.account(card.monthUsage(), reported);
    if (sample.stale()) {
      log.warn(
          "card {}: carrier reported month {} although month {} has started; sample ignored",
          card.id(),
          reported.monthStart(),
          card.monthUsage().monthStart());
      return card;
    }
    if (sample.newMonth()) {
      log.info(
          "card {}: new month {}; last month closed at {} MB",
          card.id(),
          reported.monthStart(),
          sample.counters().lastMonthTotalMb());
    }
    usage.insert(
        new DataUsageSample(
            card.id(), reported.monthStart(), reported.totalMb(), sample.delta(), clock.instant()));
    cards.updateMonthUsage(card.id(), sample.counters());
    Card written = card.withMonthUsage(sample.counters());
    if (sample.delta().signum() < 0) {
      log.warn(
          "card {}: carrier corrected the month total from {} to {} MB; nothing deducted",
          card.id(),
          card.monthUsage().currentMonthUsageMb(),
          reported.totalMb());
      return written;
    }
    if (sample.delta().signum() == 0) {
      return written;
    }
    packages
        .deductFromActive(card.packageOwner(), sample.delta())
        .ifPresentOrElse(
            pkg -> {
              if (pkg.status() == PackageStatus.EXHAUSTED) {
                log.info(
                    "card {}: package {} of {} exhausted ({} of {} MB)",
                    card.id(),
                    pkg.id(),
                    card.packageOwner(),
                    pkg.dataUsageMb(),
                    pkg.dataLimitMb());
              }
            },
            () ->
                log.warn(
                    "card {}: {} MB used but {} has no active package to deduct from",
                    card.id(),
                    sample.delta(),
                    card.packageOwner()));
    return written;
  }
}
