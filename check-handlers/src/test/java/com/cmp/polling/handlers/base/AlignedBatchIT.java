package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.autoconfigure.TaskPartitions;
import com.cmp.polling.core.enrollment.CarddataAlignment;
import com.cmp.polling.core.enrollment.CarddataAlignmentSettings;
import com.cmp.polling.core.queue.CardEntry;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.QueueSettings;
import com.cmp.polling.handlers.BatchForms;
import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.SimulatorControl;
import com.cmp.polling.simulator.behaviour.Behaviour;
import com.cmp.polling.simulator.calls.CallSummary.OperationCalls;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The carddata alignment on the running handlers: cards of a carrier with a usage batch form,
 * checked one by one at different moments, get one next due time, so the scheduling round of that
 * moment takes them together and one poll asks them in one batch call. A carrier without the batch
 * form keeps its cards' own times. The partitions the alignment groups cards by are the ones the
 * producer picks for their tasks.
 */
class AlignedBatchIT {

  private static final long BATCHED = 3;
  private static final long SINGLE = 4;

  /**
   * Long enough that the ten checks, a second apart, mostly fit before the next point whenever the
   * test starts: it waits for the next point only in the last {@link #CHECKING} of a grid period.
   */
  private static final Duration GRID = Duration.ofSeconds(90);

  /** What the ten checks, one a second, take at most (about 10 s), with room to spare. */
  private static final Duration CHECKING = Duration.ofSeconds(15);

  private static final Duration CARDDATA_INTERVAL = Duration.ofMinutes(30);

  @RegisterExtension
  static final HandlersTestApp app =
      HandlersTestApp.withSettings(
          BatchForms.settings(
              BATCHED,
              Map.of(
                  "cmp.polling.planning.carddata-alignment.grid",
                  GRID.toSeconds() + "s",
                  "cmp.polling.planning.carddata-alignment.slots",
                  1)));

  /** The carrier's grid as the app computes it (one slot: the partition does not matter). */
  private final CarddataAlignment grid =
      new CarddataAlignment(
          new CarddataAlignmentSettings(GRID, 1, Set.of(BATCHED)),
          16,
          card -> 0,
          Clock.systemUTC());

  @Test
  void cardsOfABatchedCarrier_checkedApart_comeDueTogether_andAreAskedInOneBatchCall() {
    SimulatorControl carrier = app.simulator().control();
    carrier.reset();
    carrier.configure(BatchForms.atTheCarrier(Behaviour.none(), BATCHED));
    List<Long> batched = new ArrayList<>();
    List<Long> single = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      batched.add(cardWithRoom(BATCHED));
    }
    for (int i = 0; i < 3; i++) {
      single.add(cardWithRoom(SINGLE));
    }
    // Start early enough in one of the carrier's grid periods that every card's next check (30 min
    // on) falls before the next point: all of them then go back to that period's point.
    await()
        .atMost(CHECKING.plusSeconds(5))
        .pollInterval(Duration.ofMillis(50))
        .until(
            () ->
                sinceGridPoint(Instant.now().plus(CARDDATA_INTERVAL)).plus(CHECKING).compareTo(GRID)
                    < 0);
    Instant firstChecked = Instant.now();
    for (int i = 0; i < 10; i++) {
      // Each card in a second of its own, as the scheduling rounds of different seconds take them.
      long previous = Instant.now().getEpochSecond();
      if (i > 0) {
        await().until(() -> Instant.now().getEpochSecond() > previous);
      }
      app.runPoll(List.of(batched.get(i)), TaskType.CARDDATA);
      if (i < single.size()) {
        app.runPoll(List.of(single.get(i)), TaskType.CARDDATA);
      }
    }
    Instant lastChecked = Instant.now();

    Set<Double> batchedDue = new HashSet<>();
    batched.forEach(card -> batchedDue.add(app.queues().score(card, TaskType.CARDDATA)));
    assertThat(batchedDue).as("one due time for the batched carrier's cards").hasSize(1);
    Instant together = Instant.ofEpochMilli(Math.round(batchedDue.iterator().next() * 1000));
    assertThat(together)
        .isBeforeOrEqualTo(firstChecked.plus(CARDDATA_INTERVAL))
        .isAfter(firstChecked.plus(CARDDATA_INTERVAL).minus(GRID))
        .as("the grid point of the first card's planned check")
        .isEqualTo(grid.aligned(firstChecked.plus(CARDDATA_INTERVAL), 0, BATCHED));
    Set<Double> singleDue = new HashSet<>();
    single.forEach(card -> singleDue.add(app.queues().score(card, TaskType.CARDDATA)));
    assertThat(singleDue).as("the other carrier's cards keep their own times").hasSize(3);
    single.forEach(
        card ->
            assertThat(app.queues().score(card, TaskType.CARDDATA))
                .isGreaterThan(together.toEpochMilli() / 1000.0));
    assertThat(Duration.between(firstChecked, lastChecked))
        .as("checked over eight seconds at least")
        .isGreaterThanOrEqualTo(Duration.ofSeconds(8));

    // The scheduling round at that moment takes the ten of them, and one poll asks them at once.
    List<Long> round = roundAt(together);
    carrier.reset();
    carrier.configure(BatchForms.atTheCarrier(Behaviour.none(), BATCHED));

    app.runPoll(round, TaskType.CARDDATA);

    assertThat(round).containsExactlyInAnyOrderElementsOf(batched);
    assertThat(carrier.callSummary().byOperation().get("usage"))
        .isEqualTo(new OperationCalls(1, 0, 1, 10, 10, 0, 0));
  }

  @Test
  void theTaskPartitionsTheAlignmentGroupsBy_areThoseTheProducerPicksForTheCardsKeys()
      throws Exception {
    String topic = app.kafka().createUniqueTopic("task-partitions", 16);
    // One record at a time: with many batches in flight to a topic created a moment ago, the
    // idempotent producer can meet partitions whose leadership is still moving and get stuck on
    // an out-of-order sequence until its delivery timeout (seen once in a suite run).
    try (KafkaProducer<String, byte[]> producer = app.kafka().producer()) {
      for (long cardId = 1; cardId <= 200; cardId++) {
        RecordMetadata sent =
            producer.send(new ProducerRecord<>(topic, Long.toString(cardId), new byte[0])).get();

        assertThat(sent.partition()).as("card %d", cardId).isEqualTo(TaskPartitions.of(cardId, 16));
      }
    }
  }

  private Duration sinceGridPoint(Instant planned) {
    return Duration.between(grid.aligned(planned, 0, BATCHED), planned);
  }

  /** What a scheduling round at {@code at} leases from every shard's carddata queue. */
  private static List<Long> roundAt(Instant at) {
    PollingQueueManager queues =
        new PollingQueueManager(
            app.bean(StringRedisTemplate.class),
            new QueueSettings(16, Duration.ofMinutes(5)),
            Clock.fixed(at, ZoneOffset.UTC));
    List<Long> due = new ArrayList<>();
    for (int shard = 0; shard < 16; shard++) {
      queues.dequeueReady(shard, TaskType.CARDDATA, 1000).stream()
          .map(CardEntry::cardId)
          .forEach(due::add);
    }
    return due;
  }

  /** An online, verified card of the carrier with an active package with room. */
  private static long cardWithRoom(long carrierId) {
    long card = app.data().card().carrier(carrierId, "CMCC").insert();
    app.data().packageOfCard(card).status(1).usage("0", "1000").insert();
    return card;
  }
}
