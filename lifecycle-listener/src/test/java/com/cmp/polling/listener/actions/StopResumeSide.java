package com.cmp.polling.listener.actions;

import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.lock.OperationLocks;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.QueueSettings;
import com.cmp.polling.core.stopresumelog.StopResumeLogStore;
import com.cmp.polling.simulator.GatewaySimulator;
import com.cmp.polling.simulator.RunningSimulator;
import com.cmp.polling.simulator.SimulatorControl;
import com.cmp.polling.stopresume.OperatorActions;
import com.cmp.polling.stopresume.StopResumeService;
import com.cmp.polling.stopresume.StopResumeSettings;
import com.cmp.polling.stopresume.action.CarrierActions;
import com.cmp.polling.stopresume.action.CarrierRetry;
import com.cmp.polling.stopresume.action.StopResumeMetrics;
import com.cmp.polling.stopresume.gateway.GatewaySettings;
import com.cmp.polling.stopresume.gateway.HttpCarrierGateway;
import com.cmp.polling.stopresume.rules.StopRules;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;

/**
 * The side that stops and resumes cards, wired as the check handlers and the scheduler wire it
 * (StopResumeService, OperatorActions, CarrierActions writing tb_stop_resume_log) on the test
 * class's PostgreSQL and Redis, against a gateway simulator over HTTP. It has no Kafka at all: the
 * card actions come from the log alone.
 */
final class StopResumeSide implements AutoCloseable {

  final RunningSimulator simulator = GatewaySimulator.start();
  final SimulatorControl carrier = simulator.control();
  final CardStore cards;
  final StopResumeService service;
  final OperatorActions operator;

  StopResumeSide(PostgresExtension postgres, RedisExtension redis) {
    Clock clock = Clock.systemUTC();
    cards = new CardStore(postgres.jdbc());
    var metrics = new StopResumeMetrics(new SimpleMeterRegistry());
    var actions =
        new CarrierActions(
            new HttpCarrierGateway(GatewaySettings.of(simulator.baseUrl())),
            cards,
            new StopResumeLogStore(postgres.jdbc()),
            CarrierRetry.policy(3, Duration.ofMillis(5), 2.0),
            metrics);
    var protection = new ProtectionPeriods(redis.template(), clock);
    var locks = new OperationLocks(redis.template(), clock);
    service =
        new StopResumeService(
            cards,
            new StopRules(new PackageUsageStore(postgres.jdbc())),
            actions,
            protection,
            locks,
            StopResumeSettings.DEFAULTS,
            metrics);
    operator =
        new OperatorActions(
            cards,
            actions,
            protection,
            locks,
            new PollingQueueManager(redis.template(), QueueSettings.DEFAULTS, clock),
            StopResumeSettings.DEFAULTS,
            clock);
  }

  String iccid(long cardId) {
    return cards.findById(cardId).orElseThrow().iccid();
  }

  @Override
  public void close() {
    simulator.close();
  }
}
