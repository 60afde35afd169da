package com.cmp.polling.stopresume;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.lock.OperationLocks;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.QueueSettings;
import com.cmp.polling.core.stopresumelog.StopResumeLogEntry;
import com.cmp.polling.core.stopresumelog.StopResumeLogStore;
import com.cmp.polling.simulator.GatewaySimulator;
import com.cmp.polling.simulator.RunningSimulator;
import com.cmp.polling.simulator.SimulatorControl;
import com.cmp.polling.stopresume.action.CarrierActions;
import com.cmp.polling.stopresume.action.CarrierRetry;
import com.cmp.polling.stopresume.action.StopResumeMetrics;
import com.cmp.polling.stopresume.gateway.BatchSizes;
import com.cmp.polling.stopresume.gateway.GarbageGatewayServer;
import com.cmp.polling.stopresume.gateway.GatewaySettings;
import com.cmp.polling.stopresume.gateway.HttpCarrierGateway;
import com.cmp.polling.stopresume.rules.StopRules;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * StopResumeService and OperatorActions wired on real servers: the test class's PostgreSQL database
 * and Redis database, and a gateway simulator over HTTP (plus, for the tests of broken answers, a
 * second service whose gateway answers garbage). Back-off is 5 ms so retry tests stay quick;
 * everything else is as in production.
 */
final class StopResumeRig implements AutoCloseable {

  final RunningSimulator simulator = GatewaySimulator.start();
  final GarbageGatewayServer garbage = new GarbageGatewayServer();
  final SimulatorControl carrier = simulator.control();
  final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  final CardStore cards;
  final StopResumeLogStore attempts;
  final ProtectionPeriods protection;
  final PollingQueueManager queues;
  final StopResumeService service;
  final StopResumeService serviceOnGarbageGateway;
  final OperatorActions operator;
  final CarrierActions actions;

  StopResumeRig(PostgresExtension postgres, RedisExtension redis) {
    this(postgres, redis, BatchSizes.NONE);
  }

  /**
   * @param batchSizes the batch forms our side knows of (the simulator's are set by the test)
   */
  StopResumeRig(PostgresExtension postgres, RedisExtension redis, BatchSizes batchSizes) {
    Clock clock = Clock.systemUTC();
    cards = new CardStore(postgres.jdbc());
    attempts = new StopResumeLogStore(postgres.jdbc());
    protection = new ProtectionPeriods(redis.template(), clock);
    queues = new PollingQueueManager(redis.template(), QueueSettings.DEFAULTS, clock);
    var metrics = new StopResumeMetrics(meters);
    actions =
        new CarrierActions(
            new HttpCarrierGateway(
                GatewaySettings.of(simulator.baseUrl()).withBatchSizes(batchSizes)),
            cards,
            attempts,
            CarrierRetry.policy(3, Duration.ofMillis(5), 2.0),
            metrics);
    var locks = new OperationLocks(redis.template(), clock);
    var rules = new StopRules(new PackageUsageStore(postgres.jdbc()));
    service =
        new StopResumeService(
            cards, rules, actions, protection, locks, StopResumeSettings.DEFAULTS, metrics);
    var garbageActions =
        new CarrierActions(
            new HttpCarrierGateway(GatewaySettings.of(garbage.baseUrl())),
            cards,
            attempts,
            CarrierRetry.policy(3, Duration.ofMillis(5), 2.0),
            metrics);
    serviceOnGarbageGateway =
        new StopResumeService(
            cards, rules, garbageActions, protection, locks, StopResumeSettings.DEFAULTS, metrics);
    operator =
        new OperatorActions(
            cards, actions, protection, locks, queues, StopResumeSettings.DEFAULTS, clock);
  }

  Card card(long id) {
    return cards.findById(id).orElseThrow();
  }

  /** Gateway calls the simulator received for the card, e.g. {@code stop}, by operation. */
  Map<String, Integer> callsOf(long cardId) {
    return carrier.calls(card(cardId).iccid());
  }

  int stopCalls(long cardId) {
    return callsOf(cardId).getOrDefault("stop", 0);
  }

  int startCalls(long cardId) {
    return callsOf(cardId).getOrDefault("start", 0);
  }

  /** The card's attempts, oldest first. */
  List<StopResumeLogEntry> attemptsOf(long cardId) {
    List<StopResumeLogEntry> entries = new ArrayList<>(attempts.findByCard(cardId));
    Collections.reverse(entries);
    return entries;
  }

  /** Makes the next UPDATE of the card's row fail inside PostgreSQL (a trigger that raises). */
  static void failNextUpdateOf(PostgresExtension postgres, long cardId) {
    postgres
        .jdbc()
        .sql(
            """
            CREATE OR REPLACE FUNCTION refuse_card_update() RETURNS trigger AS $$
            BEGIN RAISE EXCEPTION 'card row locked for maintenance'; END $$ LANGUAGE plpgsql
            """)
        .update();
    postgres
        .jdbc()
        .sql(
            "CREATE TRIGGER refuse_update_"
                + cardId
                + " BEFORE UPDATE ON tb_iot_card FOR EACH ROW WHEN (OLD.id = "
                + cardId
                + ") EXECUTE FUNCTION refuse_card_update()")
        .update();
  }

  double counter(String name, String... tags) {
    var counter = meters.find(name).tags(tags).counter();
    return counter == null ? 0 : counter.count();
  }

  @Override
  public void close() {
    simulator.close();
    garbage.close();
  }
}
