package com.cmp.polling.listener.topology;

import static com.cmp.polling.listener.topology.ChangeEvents.envelope;
import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.action.CardAction;
import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.schemas.json.PayloadCodec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.support.KafkaHeaders;

/** tb_stop_resume_log changes → polling.card.actions, on the TopologyTestDriver. */
class CardActionsTopologyTest {

  private static final String CREATED_AT = "2026-11-29T12:00:00.123456Z";

  private final PayloadCodec codec = new PayloadCodec();
  private TopologyTestDriver driver;
  private TestInputTopic<String, String> log;
  private TestOutputTopic<String, byte[]> actions;
  private TestOutputTopic<String, String> deadLetters;

  @BeforeEach
  void startDriver() throws Exception {
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, "card-actions-topology-test");
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
    props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
    props.put(
        StreamsConfig.STATE_DIR_CONFIG, Files.createTempDirectory("card-actions-test").toString());
    driver = new TopologyTestDriver(CardActionsTopology.build(codec, Duration.ofHours(1)), props);
    log =
        driver.createInputTopic(
            Topics.CDC_STOP_RESUME_LOG_NAME, new StringSerializer(), new StringSerializer());
    actions =
        driver.createOutputTopic(
            Topics.CARD_ACTIONS_NAME, new StringDeserializer(), new ByteArrayDeserializer());
    deadLetters =
        driver.createOutputTopic(
            Topics.CDC_STOP_RESUME_LOG.deadLetterName(),
            new StringDeserializer(),
            new StringDeserializer());
  }

  @AfterEach
  void closeDriver() {
    driver.close();
  }

  @Test
  void insertedSuccessRow_becomesACardAction_keyedByCard_withTheRowIdAsItsIdentity() {
    log.pipeInput(key(41), insert(row(41, 100, "10", "stop", "no_package", "evaluation", 2)));

    TestRecord<String, byte[]> record = actions.readRecord();
    assertThat(record.key()).isEqualTo("100");
    assertThat(codec.decode(Topics.CARD_ACTIONS, record.value()))
        .isEqualTo(
            new CardAction(
                41,
                100,
                10L,
                CardActionType.STOP,
                StopReason.NO_PACKAGE,
                ActionTrigger.EVALUATION,
                2,
                Instant.parse(CREATED_AT)));
    assertThat(actions.isEmpty()).isTrue();
  }

  @Test
  void operatorResumeOfACardOutsideADevice_keepsItsNullDevice() {
    log.pipeInput(key(42), insert(row(42, 7, "null", "resume", "manual", "operator", 1)));

    CardAction action = codec.decode(Topics.CARD_ACTIONS, actions.readValue());
    assertThat(action.deviceId()).isNull();
    assertThat(action.action()).isEqualTo(CardActionType.RESUME);
    assertThat(action.trigger()).isEqualTo(ActionTrigger.OPERATOR);
  }

  @Test
  void theSameRowDeliveredAgain_givesNoSecondAction_whileAnotherRowOfTheCardDoes() {
    String stop = insert(row(50, 100, "null", "stop", "manual", "operator", 1));
    log.pipeInput(key(50), stop);
    log.pipeInput(key(50), stop); // Debezium replaying after a crash: same row, same time
    log.pipeInput(key(51), insert(row(51, 100, "null", "resume", "manual", "operator", 1)));
    log.pipeInput(key(50), stop);

    List<Long> ids =
        actions.readValuesToList().stream()
            .map(value -> codec.decode(Topics.CARD_ACTIONS, value).actionId())
            .toList();
    assertThat(ids).containsExactly(50L, 51L);
  }

  @Test
  void failedAttempts_snapshotReads_updatesAndDeletes_makeNoAction() {
    String error = row(60, 100, "null", "stop", "no_package", "evaluation", 1, "error");
    String failed = row(61, 100, "null", "stop", "no_package", "evaluation", 3, "failed");
    String success = row(62, 100, "null", "stop", "no_package", "evaluation", 1);
    log.pipeInput(key(60), insert(error));
    log.pipeInput(key(61), insert(failed));
    log.pipeInput(key(62), envelope("r", null, success));
    log.pipeInput(key(62), envelope("u", success, success));
    log.pipeInput(key(62), envelope("d", success, null));
    log.pipeInput(key(62), (String) null); // the tombstone after the delete

    assertThat(actions.isEmpty()).isTrue();
    assertThat(deadLetters.isEmpty()).isTrue();
  }

  @Test
  void unreadableChanges_goToTheDeadLetterTopicWithTheirReason_andTheStreamGoesOn() {
    log.pipeInput(key(70), "not json");
    log.pipeInput(key(71), insert(row(71, 100, "null", "stop", "bored", "evaluation", 1)));
    log.pipeInput(key(72), insert(row(72, 100, "null", "stop", "manual", "operator", 1)));

    List<TestRecord<String, String>> dead = deadLetters.readRecordsToList();
    assertThat(dead).hasSize(2);
    assertThat(dead.get(0).value()).isEqualTo("not json");
    assertThat(reason(dead.get(1))).contains("stop reason").contains("bored");
    assertThat(codec.decode(Topics.CARD_ACTIONS, actions.readValue()).actionId()).isEqualTo(72);
  }

  private static String reason(TestRecord<String, String> record) {
    return new String(
        record.headers().lastHeader(KafkaHeaders.DLT_EXCEPTION_MESSAGE).value(),
        StandardCharsets.UTF_8);
  }

  private static String key(long id) {
    return "{\"id\":" + id + "}";
  }

  private static String insert(String row) {
    return envelope("c", null, row);
  }

  private static String row(
      long id,
      long cardId,
      String deviceId,
      String action,
      String reason,
      String trigger,
      int attempt) {
    return row(id, cardId, deviceId, action, reason, trigger, attempt, "success");
  }

  /** A row as the engine captures it (the captured columns only). */
  private static String row(
      long id,
      long cardId,
      String deviceId,
      String action,
      String reason,
      String trigger,
      int attempt,
      String result) {
    return """
        {"id":%d,"iot_card_id":%d,"device_id":%s,"action":"%s","reason":"%s","trigger":"%s",\
        "result":"%s","attempt":%d,"created_at":"%s"}"""
        .formatted(id, cardId, deviceId, action, reason, trigger, result, attempt, CREATED_AT);
  }
}
