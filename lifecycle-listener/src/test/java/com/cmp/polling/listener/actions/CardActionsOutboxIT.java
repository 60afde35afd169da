package com.cmp.polling.listener.actions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cmp.polling.listener.ListenerTestApp;
import com.cmp.polling.listener.cdc.DebeziumSettings;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.action.CardAction;
import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.stopresume.CarrierActionFailedException;
import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.kafka.CommittedRecords;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.kafka.TopicCursor;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer.OrderAnnotation;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * tb_stop_resume_log is the outbox of {@code polling.card.actions}: cards are stopped and resumed
 * as the other apps do it (StopResumeService, OperatorActions, the gateway simulator; no Kafka on
 * that side), and the listener derives the topic from the log's change stream. After every test the
 * topic, read as a consumer of committed records, holds exactly one action per success row of the
 * log, equal to that row.
 */
@TestMethodOrder(OrderAnnotation.class)
class CardActionsOutboxIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.restartable();

  static final Duration WAIT = Duration.ofSeconds(60);

  /** Kafka back: the engine and both topologies reconnect, retry and catch up. */
  static final Duration RECOVERY = Duration.ofMinutes(4);

  static final String SLOT = ListenerTestApp.uniqueSlot();
  static final PayloadCodec CODEC = new PayloadCodec();
  static StopResumeSide side;
  static TestData data;
  static ListenerTestApp app;
  static CommittedRecords<CardAction> actions;

  @BeforeAll
  static void startSide() {
    side = new StopResumeSide(postgres, redis);
    data = postgres.data();
  }

  @AfterAll
  static void stopAll() {
    if (actions != null) {
      actions.close();
    }
    if (app != null) {
      app.close();
    }
    side.close();
  }

  @Test
  @Order(1)
  void anInstallFromBeforeTheLogWasCaptured_hasTheLogAddedToItsPublication_atItsFirstStart() {
    // The previous version: the three lifecycle tables only, no card-actions topology.
    app =
        startListener(
            Map.of(
                "cmp.polling.listener.cdc.debezium.[table.include.list]",
                DebeziumSettings.SNAPSHOT_TABLES,
                "cmp.polling.listener.card-actions.enabled",
                false));
    assertThat(publishedTables())
        .containsExactlyInAnyOrder("tb_device", "tb_iot_card", "tb_polling_config");
    app.close();

    app = startListener(Map.of());

    assertThat(publishedTables())
        .containsExactlyInAnyOrder(
            "tb_device", "tb_iot_card", "tb_polling_config", "tb_stop_resume_log");
    actions =
        new CommittedRecords<>(
            kafka.bootstrapServers(), Topics.CARD_ACTIONS_NAME, CardActionsOutboxIT::cardAction);
    long card = data.card().device(data.device().insert()).insert();
    side.operator.stopManually(card, Duration.ZERO);
    CardAction stop = actionOf(lastSuccessRowOf(card));
    assertThat(stop.action()).isEqualTo(CardActionType.STOP);
    assertThat(stop.reason()).isEqualTo(StopReason.MANUAL);
    assertThat(stop.trigger()).isEqualTo(ActionTrigger.OPERATOR);
    assertThat(stop.deviceId()).isNotNull();
    assertTopicMatchesTheLog(stop.actionId());
  }

  @Test
  @Order(2)
  void actionsTakenWhileKafkaIsDown_areAllOnTheTopicOnceItIsBack_eachOnce() {
    List<Long> withoutPackage = insertCards(4);
    List<Long> manual = insertCards(3);
    long flaky = data.card().insert();
    long refused = data.card().insert();
    side.carrier.failNext(side.iccid(flaky), 1, 503);
    side.carrier.failNext(side.iccid(refused), 3, 503);

    kafka.stopBroker();
    withoutPackage.forEach(side.service::evaluateAndAct); // stopped: no_package
    manual.forEach(card -> side.operator.stopManually(card, Duration.ZERO));
    side.operator.resumeManually(manual.get(0), Duration.ZERO);
    side.service.evaluateAndAct(flaky); // an error row, then the success row
    assertThatThrownBy(() -> side.service.evaluateAndAct(refused))
        .isInstanceOf(CarrierActionFailedException.class); // error, error, failed: no action
    List<Long> successRows = successRowsAfter(0);
    assertThat(successRows).hasSize(1 + 4 + 3 + 1 + 1);
    kafka.startBroker();

    List<CardAction> all =
        assertTopicMatchesTheLog(successRows.get(successRows.size() - 1), RECOVERY);
    assertThat(all.stream().filter(action -> action.cardId() == refused)).isEmpty();
    assertThat(all.stream().filter(action -> action.cardId() == flaky))
        .singleElement()
        .satisfies(action -> assertThat(action.attempts()).isEqualTo(2));
  }

  @Test
  @Order(3)
  void aChangeTheStreamDeliversTwice_givesOneActionOnTheTopic() {
    TopicCursor raw = kafka.cursorAtEnd(Topics.CDC_STOP_RESUME_LOG_NAME);
    long card = data.card().insert();
    side.operator.stopManually(card, Duration.ZERO);
    long stop = lastSuccessRowOf(card);
    assertTopicMatchesTheLog(stop);

    // What Debezium does after a crash: the changes since its last committed offset, sent again.
    List<ConsumerRecord<String, byte[]>> delivered = raw.read(1, WAIT);
    assertThat(delivered).hasSize(1);
    try (KafkaProducer<String, byte[]> producer = kafka.producer()) {
      for (ConsumerRecord<String, byte[]> record : delivered) {
        producer.send(
            new ProducerRecord<>(record.topic(), record.partition(), record.key(), record.value()));
      }
      producer.flush();
    }
    // A later action of another card: once it is on the topic, the redelivery (before it in the
    // same partition) has been through the topology.
    long other = data.card().insert();
    side.operator.stopManually(other, Duration.ZERO);

    List<CardAction> all = assertTopicMatchesTheLog(lastSuccessRowOf(other));
    assertThat(all.stream().filter(action -> action.actionId() == stop)).hasSize(1);
  }

  /**
   * Many actions at once, spread over every partition of the topic, most of them partitions the
   * topology's producer never wrote to: its transactions send several batches at a time, and each
   * partition's first batch must be written before the next one. Every action is on the topic, each
   * once.
   */
  @Test
  @Order(4)
  void aBurstOfActionsOverEveryPartition_isOnTheTopicWhole_eachOnce() {
    List<Long> cards = insertCards(64);
    cards.forEach(card -> side.operator.stopManually(card, Duration.ZERO));

    List<Long> successRows = successRowsAfter(0);
    List<CardAction> all = assertTopicMatchesTheLog(successRows.get(successRows.size() - 1));
    assertThat(all.stream().map(CardAction::cardId).filter(cards::contains).distinct())
        .hasSize(cards.size());
  }

  /**
   * A record of {@code polling.card.actions} as a downstream consumer reads it; its key must be its
   * card.
   */
  private static CardAction cardAction(ConsumerRecord<String, byte[]> record) {
    CardAction action = CODEC.decode(Topics.CARD_ACTIONS, record.value());
    assertThat(record.key()).isEqualTo(Long.toString(action.cardId()));
    return action;
  }

  /** Waits for {@code lastId} to be on the topic, then compares the whole topic with the log. */
  private static List<CardAction> assertTopicMatchesTheLog(long lastId) {
    return assertTopicMatchesTheLog(lastId, WAIT);
  }

  private static List<CardAction> assertTopicMatchesTheLog(long lastId, Duration within) {
    List<CardAction> onTopic = actions.readUntil(action -> action.actionId() == lastId, within);
    Map<Long, Long> timesSeen =
        onTopic.stream()
            .collect(Collectors.groupingBy(CardAction::actionId, Collectors.counting()));
    assertThat(timesSeen)
        .as("times each action id is on the topic")
        .allSatisfy((id, times) -> assertThat(times).as("action " + id).isEqualTo(1));
    Map<Long, CardAction> expected = new HashMap<>();
    for (long id : successRowsAfter(0)) {
      expected.put(id, actionOf(id));
    }
    assertThat(
            onTopic.stream().collect(Collectors.toMap(CardAction::actionId, Function.identity())))
        .isEqualTo(expected);
    return onTopic;
  }

  private static ListenerTestApp startListener(Map<String, Object> overrides) {
    Map<String, Object> properties = new HashMap<>(overrides);
    // The slot outlives the engine's restarts while Kafka is away, and the app's restart.
    properties.put("cmp.polling.listener.cdc.drop-slot-on-stop", false);
    // The first instance's stream threads are dropped from their groups after this long.
    properties.put("cmp.polling.listener.streams.kafka.[consumer.session.timeout.ms]", 6000);
    properties.put("cmp.polling.listener.streams.kafka.[consumer.heartbeat.interval.ms]", 1000);
    // Fail fast while the broker is gone, instead of the producer's 1-minute metadata wait.
    properties.put("spring.kafka.producer.properties.max.block.ms", 3000);
    properties.put("cmp.polling.kafka.ack-timeout", "5s");
    return ListenerTestApp.start(postgres, redis, kafka, SLOT, properties);
  }

  private static List<Long> insertCards(int count) {
    List<Long> cards = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      cards.add(data.card().insert());
    }
    return cards;
  }

  private static List<String> publishedTables() {
    return postgres
        .jdbc()
        .sql("SELECT tablename FROM pg_publication_tables WHERE pubname = 'cmp_polling_lifecycle'")
        .query(String.class)
        .list();
  }

  private static List<Long> successRowsAfter(long id) {
    return postgres
        .jdbc()
        .sql("SELECT id FROM tb_stop_resume_log WHERE result = 'success' AND id > ? ORDER BY id")
        .param(id)
        .query(Long.class)
        .list();
  }

  private static long lastSuccessRowOf(long cardId) {
    return postgres
        .jdbc()
        .sql("SELECT max(id) FROM tb_stop_resume_log WHERE result = 'success' AND iot_card_id = ?")
        .param(cardId)
        .query(Long.class)
        .single();
  }

  /** The card action a success row of the log stands for, read from the row itself. */
  private static CardAction actionOf(long logId) {
    return postgres
        .jdbc()
        .sql(
            "SELECT id, iot_card_id, device_id, action, reason, trigger, attempt, created_at"
                + " FROM tb_stop_resume_log WHERE id = ?")
        .param(logId)
        .query(
            (rs, row) ->
                new CardAction(
                    rs.getLong("id"),
                    rs.getLong("iot_card_id"),
                    rs.getObject("device_id") == null ? null : rs.getLong("device_id"),
                    CardActionType.fromCode(rs.getString("action")),
                    StopReason.fromCode(rs.getString("reason")),
                    ActionTrigger.fromCode(rs.getString("trigger")),
                    rs.getInt("attempt"),
                    rs.getTimestamp("created_at").toInstant()))
        .single();
  }
}
