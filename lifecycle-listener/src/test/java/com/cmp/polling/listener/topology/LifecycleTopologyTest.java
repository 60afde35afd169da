package com.cmp.polling.listener.topology;

import static com.cmp.polling.listener.topology.ChangeEvents.card;
import static com.cmp.polling.listener.topology.ChangeEvents.config;
import static com.cmp.polling.listener.topology.ChangeEvents.device;
import static com.cmp.polling.listener.topology.ChangeEvents.envelope;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import com.cmp.polling.listener.topology.ChangeEvents.Card;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.lifecycle.LifecycleEvent;
import com.cmp.polling.schemas.lifecycle.LifecycleEventType;
import com.cmp.polling.testsupport.logging.CapturedLogs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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

/** Every transition of the lifecycle topology, on the TopologyTestDriver. */
class LifecycleTopologyTest {

  private final PayloadCodec codec = new PayloadCodec();
  private TopologyTestDriver driver;
  private TestInputTopic<String, String> cards;
  private TestInputTopic<String, String> devices;
  private TestInputTopic<String, String> configs;
  private TestOutputTopic<String, byte[]> lifecycle;
  private TestOutputTopic<String, String> cardDeadLetters;

  @BeforeEach
  void startDriver() throws Exception {
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, "lifecycle-topology-test");
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
    props.put(
        StreamsConfig.STATE_DIR_CONFIG, Files.createTempDirectory("topology-test").toString());
    driver = new TopologyTestDriver(LifecycleTopology.build(codec), props);
    var keys = new StringSerializer();
    cards = driver.createInputTopic(Topics.CDC_CARD_NAME, keys, new StringSerializer());
    devices = driver.createInputTopic(Topics.CDC_DEVICE_NAME, keys, new StringSerializer());
    configs = driver.createInputTopic(Topics.CDC_CONFIG_NAME, keys, new StringSerializer());
    lifecycle =
        driver.createOutputTopic(
            Topics.LIFECYCLE_NAME, new StringDeserializer(), new ByteArrayDeserializer());
    cardDeadLetters =
        driver.createOutputTopic(
            Topics.CDC_CARD.deadLetterName(), new StringDeserializer(), new StringDeserializer());
  }

  @AfterEach
  void closeDriver() {
    driver.close();
  }

  @Test
  void insertedCard_becomesCardCreated_keyedByCardId_withCommitTimeAndLogPosition() {
    cards.pipeInput("{\"id\":100}", envelope("c", null, card(100).json()));

    TestRecord<String, byte[]> record = lifecycle.readRecord();
    LifecycleEvent event = codec.decode(Topics.LIFECYCLE, record.value());
    assertThat(record.key()).isEqualTo("100");
    assertThat(event.type()).isEqualTo(LifecycleEventType.CARD_CREATED);
    assertThat(event.cardId()).isEqualTo(100);
    assertThat(event.occurredAt().toEpochMilli()).isEqualTo(1795953600000L);
    assertThat(event.sourcePosition()).startsWith("lsn:");
    assertThat(lifecycle.isEmpty()).isTrue();
  }

  @Test
  void softDelete_andHardDelete_becomeCardDeleted_andTheTombstoneIsIgnored() {
    Card live = card(101);
    cards.pipeInput("{\"id\":101}", envelope("u", live.json(), live.softDeleted().json()));
    cards.pipeInput("{\"id\":102}", envelope("d", card(102).json(), null));
    cards.pipeInput("{\"id\":102}", (String) null);

    assertThat(events())
        .extracting(LifecycleEvent::type, LifecycleEvent::cardId)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(LifecycleEventType.CARD_DELETED, 101L),
            org.assertj.core.groups.Tuple.tuple(LifecycleEventType.CARD_DELETED, 102L));
    assertThat(cardDeadLetters.isEmpty()).isTrue();
  }

  @Test
  void hardDeleteOfASoftDeletedCard_makesNoEvent_andARestoredCardIsCreatedAgain() {
    Card gone = card(103).softDeleted();
    cards.pipeInput(envelope("d", gone.json(), null));
    cards.pipeInput(envelope("u", card(104).softDeleted().json(), card(104).json()));

    assertThat(events())
        .extracting(LifecycleEvent::type, LifecycleEvent::cardId)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(LifecycleEventType.CARD_CREATED, 104L));
  }

  @Test
  void enablePollingSwitches_becomePollingDisabled_thenPollingEnabled() {
    Card card = card(105);
    cards.pipeInput(envelope("u", card.json(), card.polling(false).json()));
    cards.pipeInput(envelope("u", card.polling(false).json(), card.json()));

    assertThat(events())
        .extracting(LifecycleEvent::type)
        .containsExactly(
            LifecycleEventType.CARD_POLLING_DISABLED, LifecycleEventType.CARD_POLLING_ENABLED);
  }

  @Test
  void statusColumns_becomeStatusChanged_namingTheChangedFields() {
    Card card = card(106);
    cards.pipeInput(envelope("u", card.json(), card.network(0).json()));
    cards.pipeInput(envelope("u", card.json(), card.realName(0).device(7L).json()));

    List<LifecycleEvent> events = events();
    assertThat(events)
        .extracting(LifecycleEvent::type)
        .containsOnly(LifecycleEventType.CARD_STATUS_CHANGED);
    assertThat(events.get(0).changedFields()).containsExactly("network_status");
    assertThat(events.get(1).changedFields()).containsExactly("real_name_status", "device_id");
    assertThat(events.get(1).deviceId()).isEqualTo(7L);
  }

  @Test
  void updatesOfColumnsThatDoNotMatter_andSnapshotReads_makeNoEvent() {
    Card card = card(107);
    cards.pipeInput(envelope("u", card.json("1.000"), card.json("2.500")));
    cards.pipeInput(envelope("r", null, card.json()));
    cards.pipeInput(envelope("u", card.softDeleted().json(), card.softDeleted().network(0).json()));

    assertThat(lifecycle.isEmpty()).isTrue();
    assertThat(cardDeadLetters.isEmpty()).isTrue();
  }

  @Test
  void deviceDisabled_fansOutToEveryLiveCardOfTheDevice_knownFromTheCardStreamAlone() {
    cards.pipeInput(envelope("r", null, card(201).device(10L).json())); // snapshot
    cards.pipeInput(envelope("c", null, card(202).device(10L).json()));
    cards.pipeInput(envelope("c", null, card(203).device(10L).json()));
    cards.pipeInput(envelope("c", null, card(299).device(11L).json()));
    cards.pipeInput(
        envelope("u", card(203).device(10L).json(), card(203).device(10L).softDeleted().json()));
    lifecycle.readRecordsToList(); // the card events themselves

    devices.pipeInput(
        "{\"id\":10}", envelope("u", device(10, true, false), device(10, false, false)));

    List<TestRecord<String, byte[]>> records = lifecycle.readRecordsToList();
    assertThat(records).extracting(TestRecord::key).containsExactlyInAnyOrder("201", "202");
    assertThat(records.stream().map(r -> codec.decode(Topics.LIFECYCLE, r.value())))
        .allSatisfy(
            event -> {
              assertThat(event.type()).isEqualTo(LifecycleEventType.DEVICE_POLLING_DISABLED);
              assertThat(event.deviceId()).isEqualTo(10L);
            });
  }

  @Test
  void deviceReEnabled_andDeleted_fanOutToTheCardsItHasNow() {
    Card moving = card(301).device(20L);
    cards.pipeInput(envelope("c", null, moving.json()));
    cards.pipeInput(envelope("c", null, card(302).device(20L).json()));
    cards.pipeInput(envelope("u", moving.json(), moving.device(21L).json())); // leaves device 20
    lifecycle.readRecordsToList();

    devices.pipeInput(envelope("u", device(20, false, false), device(20, true, false)));
    devices.pipeInput(envelope("u", device(20, true, false), device(20, true, true)));

    assertThat(events())
        .extracting(LifecycleEvent::type, LifecycleEvent::cardId)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(LifecycleEventType.DEVICE_POLLING_ENABLED, 302L),
            org.assertj.core.groups.Tuple.tuple(LifecycleEventType.DEVICE_DELETED, 302L));
  }

  @Test
  void deviceSoftDeleted_fansOutToItsCards_saysSo_andItsRestoreFansOutAsEnabled() {
    cards.pipeInput(envelope("c", null, card(351).device(25L).json()));
    cards.pipeInput(envelope("c", null, card(352).device(25L).json()));
    lifecycle.readRecordsToList();

    try (CapturedLogs logs = CapturedLogs.of(DeviceFanOut.class)) {
      devices.pipeInput(envelope("u", device(25, true, false), device(25, true, true)));

      assertThat(logs.messages(Level.INFO))
          .containsExactly(
              "device 25 deleted: its 2 cards leave the queues until moved to a live device or out"
                  + " of it");
    }
    devices.pipeInput(envelope("u", device(25, true, true), device(25, true, false)));

    assertThat(events())
        .extracting(LifecycleEvent::type, LifecycleEvent::cardId)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(LifecycleEventType.DEVICE_DELETED, 351L),
            org.assertj.core.groups.Tuple.tuple(LifecycleEventType.DEVICE_DELETED, 352L),
            org.assertj.core.groups.Tuple.tuple(LifecycleEventType.DEVICE_POLLING_ENABLED, 351L),
            org.assertj.core.groups.Tuple.tuple(LifecycleEventType.DEVICE_POLLING_ENABLED, 352L));
  }

  @Test
  void deviceUpdatesThatChangeNoFlag_andNewDevices_makeNoEvent() {
    cards.pipeInput(envelope("c", null, card(401).device(30L).json()));
    lifecycle.readRecordsToList();

    devices.pipeInput(envelope("c", null, device(31, true, false)));
    devices.pipeInput(envelope("u", device(30, true, false), device(30, true, false)));
    devices.pipeInput("{\"id\":30}", (String) null);

    assertThat(lifecycle.isEmpty()).isTrue();
  }

  @Test
  void configChanges_becomeConfigChanged_keyedByConfig_butATouchOfUpdatedAtDoesNot() {
    configs.pipeInput(
        envelope(
            "u", config(5, 60, "2026-11-29T12:00:00Z"), config(5, 120, "2026-11-29T12:01:00Z")));
    configs.pipeInput(
        envelope(
            "u", config(5, 120, "2026-11-29T12:01:00Z"), config(5, 120, "2026-11-29T12:02:00Z")));
    configs.pipeInput(envelope("r", null, config(6, 60, "2026-11-29T12:00:00Z")));
    configs.pipeInput(envelope("d", config(7, 60, "2026-11-29T12:00:00Z"), null));

    List<TestRecord<String, byte[]>> records = lifecycle.readRecordsToList();
    assertThat(records).extracting(TestRecord::key).containsExactly("config:5", "config:7");
    assertThat(codec.decode(Topics.LIFECYCLE, records.get(0).value()).type())
        .isEqualTo(LifecycleEventType.CONFIG_CHANGED);
  }

  @Test
  void malformedChanges_goToTheDeadLetterTopicWithTheReason_andTheStreamGoesOn() {
    cards.pipeInput("{\"id\":500}", "this is not json");
    cards.pipeInput(envelope("u", null, card(501).json())); // no before-image
    cards.pipeInput(envelope("c", null, "{\"id\":502,\"enable_polling\":\"yes\"}"));
    cards.pipeInput(envelope("c", null, card(503).json()));

    List<TestRecord<String, String>> dead = cardDeadLetters.readRecordsToList();
    assertThat(dead).hasSize(3);
    assertThat(dead.get(0).key()).isEqualTo("{\"id\":500}");
    assertThat(dead.get(0).value()).isEqualTo("this is not json");
    assertThat(header(dead.get(0), KafkaHeaders.DLT_EXCEPTION_MESSAGE)).contains("not JSON");
    assertThat(header(dead.get(0), KafkaHeaders.DLT_ORIGINAL_TOPIC))
        .isEqualTo(Topics.CDC_CARD_NAME);
    assertThat(header(dead.get(1), KafkaHeaders.DLT_EXCEPTION_MESSAGE)).contains("before-image");
    assertThat(header(dead.get(2), KafkaHeaders.DLT_EXCEPTION_MESSAGE)).contains("$.card_category");
    assertThat(events()).extracting(LifecycleEvent::cardId).containsExactly(503L);
  }

  private List<LifecycleEvent> events() {
    return lifecycle.readValuesToList().stream()
        .map(value -> codec.decode(Topics.LIFECYCLE, value))
        .toList();
  }

  private static String header(TestRecord<String, String> record, String name) {
    return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
  }
}
