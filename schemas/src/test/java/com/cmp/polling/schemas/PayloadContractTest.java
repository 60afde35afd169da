package com.cmp.polling.schemas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.action.CardAction;
import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.schemas.json.InvalidPayloadException;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.lifecycle.LifecycleEvent;
import com.cmp.polling.schemas.lifecycle.LifecycleEventType;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Every payload the records can produce satisfies its topic's JSON Schema, and bad ones fail. */
class PayloadContractTest {

  private static final Instant T0 = Instant.parse("2026-11-29T10:15:30.123Z");
  private final PayloadCodec codec = new PayloadCodec();

  @ParameterizedTest
  @EnumSource(TaskType.class)
  void checkTask_ofEveryType_validatesAndRoundTrips(TaskType type) {
    for (var topic : List.of(Topics.checkTasks(type), Topics.manualCheckTasks(type))) {
      for (boolean manual : new boolean[] {true, false}) {
        for (Instant leaseUntil : new Instant[] {null, T0.plusSeconds(300)}) {
          var task = new CheckTask(1000, type, T0, T0.plusMillis(250), manual, leaseUntil);

          byte[] json = codec.encode(topic, task);

          assertThat(codec.validate(topic, json)).isEmpty();
          assertThat(codec.decode(topic, json)).isEqualTo(task);
          assertThat(new String(json, StandardCharsets.UTF_8).contains("leaseUntil"))
              .isEqualTo(leaseUntil != null);
        }
      }
    }
  }

  @ParameterizedTest
  @EnumSource(LifecycleEventType.class)
  void lifecycleEvent_ofEveryType_validatesAndRoundTrips(LifecycleEventType type) {
    LifecycleEvent event =
        switch (type) {
          case CONFIG_CHANGED -> LifecycleEvent.configChanged(7, T0);
          case CARD_STATUS_CHANGED ->
              LifecycleEvent.statusChanged(100, 10L, List.of("network_status"), T0)
                  .withSourcePosition("0/16B3748");
          case DEVICE_POLLING_ENABLED, DEVICE_POLLING_DISABLED, DEVICE_DELETED ->
              LifecycleEvent.ofCard(type, 100, 10L, T0);
          default -> LifecycleEvent.ofCard(type, 100, null, T0);
        };

    byte[] json = codec.encode(Topics.LIFECYCLE, event);

    assertThat(codec.validate(Topics.LIFECYCLE, json)).isEmpty();
    assertThat(codec.decode(Topics.LIFECYCLE, json)).isEqualTo(event);
  }

  @Test
  void cardAction_ofEveryActionReasonAndTrigger_validatesAndRoundTrips() {
    for (CardActionType action : CardActionType.values()) {
      for (StopReason reason : StopReason.values()) {
        for (ActionTrigger trigger : ActionTrigger.values()) {
          var payload =
              new CardAction(
                  7, 100, reason == StopReason.MANUAL ? null : 10L, action, reason, trigger, 3, T0);

          byte[] json = codec.encode(Topics.CARD_ACTIONS, payload);

          assertThat(codec.validate(Topics.CARD_ACTIONS, json)).isEmpty();
          assertThat(codec.decode(Topics.CARD_ACTIONS, json)).isEqualTo(payload);
        }
      }
    }
  }

  @Test
  void checkTask_travelsWithTheSeedsWireStrings() {
    String json =
        new String(
            codec.encode(
                Topics.TASK_CARDDATA, new CheckTask(1000, TaskType.CARDDATA, T0, T0, false)),
            StandardCharsets.UTF_8);

    assertThat(json)
        .contains("\"cardId\":1000")
        .contains("\"taskType\":\"carddata\"")
        .contains("\"dueAt\":\"2026-11-29T10:15:30.123Z\"");
  }

  static Stream<Arguments> badCheckTasks() {
    return Stream.of(
        Arguments.of(
            "missing card id",
            """
            {"taskType":"carddata","dueAt":"2026-11-29T10:00:00Z","enqueuedAt":"2026-11-29T10:00:00Z","manual":false}
            """,
            "$: required property 'cardId' not found"),
        Arguments.of(
            "unknown task type",
            """
            {"cardId":5,"taskType":"billing","dueAt":"2026-11-29T10:00:00Z","enqueuedAt":"2026-11-29T10:00:00Z","manual":false}
            """,
            "$.taskType: does not have a value in the enumeration"),
        Arguments.of(
            "card id of the wrong type",
            """
            {"cardId":"five","taskType":"carddata","dueAt":"2026-11-29T10:00:00Z","enqueuedAt":"2026-11-29T10:00:00Z","manual":false}
            """,
            "cardId"),
        Arguments.of(
            "manual flag of the wrong type",
            """
            {"cardId":5,"taskType":"carddata","dueAt":"2026-11-29T10:00:00Z","enqueuedAt":"2026-11-29T10:00:00Z","manual":"yes"}
            """,
            "manual"),
        Arguments.of(
            "negative card id",
            """
            {"cardId":-3,"taskType":"carddata","dueAt":"2026-11-29T10:00:00Z","enqueuedAt":"2026-11-29T10:00:00Z","manual":false}
            """,
            "cardId"),
        Arguments.of(
            "time that is not a date-time",
            """
            {"cardId":5,"taskType":"carddata","dueAt":"yesterday","enqueuedAt":"2026-11-29T10:00:00Z","manual":false}
            """,
            "dueAt"),
        Arguments.of(
            "lease deadline that is not a date-time",
            """
            {"cardId":5,"taskType":"carddata","dueAt":"2026-11-29T10:00:00Z","enqueuedAt":"2026-11-29T10:00:00Z","manual":false,"leaseUntil":"later"}
            """,
            "leaseUntil"),
        Arguments.of(
            "unexpected property",
            """
            {"cardId":5,"taskType":"carddata","dueAt":"2026-11-29T10:00:00Z","enqueuedAt":"2026-11-29T10:00:00Z","manual":false,"priority":1}
            """,
            "priority"),
        Arguments.of("not JSON", "{cardId: 5,", "not JSON"),
        Arguments.of("a JSON array", "[1,2,3]", "object"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badCheckTasks")
  void badCheckTask_isRejected_withAMessageNamingTheProblem(
      String description, String json, String expectedInMessage) {
    byte[] bytes = json.strip().getBytes(StandardCharsets.UTF_8);

    assertThatThrownBy(() -> codec.decode(Topics.TASK_CARDDATA, bytes))
        .isInstanceOf(InvalidPayloadException.class)
        .hasMessageStartingWith("invalid payload for topic polling.task.carddata: ")
        .hasMessageContaining(expectedInMessage);
  }

  @Test
  void emptyValue_isRejected() {
    assertThatThrownBy(() -> codec.decode(Topics.TASK_REALNAME, new byte[0]))
        .isInstanceOf(InvalidPayloadException.class)
        .hasMessageContaining("empty");
  }

  @Test
  void lifecycleEvent_withoutItsRequiredIds_isRejected() {
    String cardEventWithoutCard =
        "{\"type\":\"card_created\",\"occurredAt\":\"2026-11-29T10:00:00Z\"}";
    String configEventWithoutConfig =
        "{\"type\":\"config_changed\",\"occurredAt\":\"2026-11-29T10:00:00Z\"}";
    String deviceEventWithoutDevice =
        "{\"type\":\"device_polling_disabled\",\"cardId\":100,\"occurredAt\":\"2026-11-29T10:00:00Z\"}";

    assertThat(problems(Topics.LIFECYCLE, cardEventWithoutCard))
        .anyMatch(p -> p.contains("cardId"));
    assertThat(problems(Topics.LIFECYCLE, configEventWithoutConfig))
        .anyMatch(p -> p.contains("configId"));
    assertThat(problems(Topics.LIFECYCLE, deviceEventWithoutDevice))
        .anyMatch(p -> p.contains("deviceId"));
  }

  @Test
  void lifecycleEventRecord_refusesWhatItsSchemaWouldReject() {
    assertThatThrownBy(() -> LifecycleEvent.ofCard(LifecycleEventType.CARD_CREATED, 0, null, T0))
        .hasMessage("card id must be positive, was 0");
    assertThatThrownBy(() -> LifecycleEvent.ofCard(LifecycleEventType.DEVICE_DELETED, 5, -1L, T0))
        .hasMessage("device id must be positive, was -1");
    var event =
        LifecycleEvent.statusChanged(5, null, List.of("network_status", "network_status"), T0);
    assertThat(event.changedFields()).containsExactly("network_status");
    assertThat(codec.validate(Topics.LIFECYCLE, codec.encode(Topics.LIFECYCLE, event))).isEmpty();
  }

  @Test
  void recordsRefuseWhatTheirSchemasReject_soTheirOwnEncodingIsAlwaysValid() {
    // decode skips the schema for bytes identical to encode's output: no record may encode badly.
    assertThatThrownBy(() -> LifecycleEvent.statusChanged(5, null, List.of(""), T0))
        .hasMessage("a changed field needs a name");
    assertThatThrownBy(
            () ->
                new CardAction(
                    9,
                    1,
                    0L,
                    CardActionType.STOP,
                    StopReason.NO_PACKAGE,
                    ActionTrigger.EVALUATION,
                    1,
                    T0))
        .hasMessage("device id must be positive, was 0");
  }

  @Test
  void validPayloadNotWrittenByEncode_isStillAccepted_throughTheSchema() {
    String spaced =
        """
        { "manual": true, "enqueuedAt": "2026-11-29T10:00:00.5Z", "dueAt": "2026-11-29T10:00:00Z",
          "taskType": "carddata", "cardId": 7 }
        """;

    assertThat(codec.decode(Topics.TASK_CARDDATA, spaced.getBytes(StandardCharsets.UTF_8)))
        .isEqualTo(
            new CheckTask(
                7,
                TaskType.CARDDATA,
                Instant.parse("2026-11-29T10:00:00Z"),
                Instant.parse("2026-11-29T10:00:00.5Z"),
                true));
  }

  @Test
  void payloadThatBindsButBreaksTheSchema_isRejected_evenInEncodeFieldOrder() {
    // Jackson alone would read "5" as card 5 and ignore the extra field; the schema does not.
    String quotedId =
        """
        {"cardId":"5","taskType":"carddata","dueAt":"2026-11-29T10:00:00Z","enqueuedAt":"2026-11-29T10:00:00Z","manual":false}
        """;
    String epochTime =
        """
        {"cardId":5,"taskType":"carddata","dueAt":1764410400,"enqueuedAt":"2026-11-29T10:00:00Z","manual":false}
        """;

    for (String json : List.of(quotedId, epochTime)) {
      assertThatThrownBy(
              () ->
                  codec.decode(Topics.TASK_CARDDATA, json.strip().getBytes(StandardCharsets.UTF_8)))
          .isInstanceOf(InvalidPayloadException.class);
    }
  }

  @Test
  void cardAction_withoutItsActionId_isRejected() {
    String json =
        """
        {"cardId":1,"action":"stop","reason":"manual","trigger":"operator","attempts":1,"performedAt":"2026-11-29T10:00:00Z"}
        """;

    assertThat(problems(Topics.CARD_ACTIONS, json)).anyMatch(p -> p.contains("actionId"));
    assertThatThrownBy(
            () ->
                new CardAction(
                    0,
                    1,
                    null,
                    CardActionType.STOP,
                    StopReason.MANUAL,
                    ActionTrigger.OPERATOR,
                    1,
                    T0))
        .hasMessage("action id must be positive, was 0");
  }

  @Test
  void cardAction_withAnUnknownReason_isRejected() {
    String json =
        """
        {"actionId":3,"cardId":1,"action":"stop","reason":"bored","trigger":"evaluation","attempts":1,"performedAt":"2026-11-29T10:00:00Z"}
        """;

    assertThat(problems(Topics.CARD_ACTIONS, json)).anyMatch(p -> p.contains("reason"));
  }

  @Test
  void everyTypedTopic_hasASchemaOnTheClasspath_andRawCdcTopicsHaveNone() {
    for (Topic<?> topic : Topics.all()) {
      if (topic.payloadType() == String.class) {
        assertThat(topic.schema()).as(topic.name()).isEmpty();
      } else {
        assertThat(getClass().getResource("/schemas/" + topic.schemaName() + ".schema.json"))
            .as(topic.name())
            .isNotNull();
      }
    }
  }

  @Test
  void topicNames_areUnique_andDeadLettersFollowSpringsConvention() {
    List<String> names = Topics.all().stream().map(Topic::name).toList();

    assertThat(names).doesNotHaveDuplicates();
    assertThat(Topics.TASK_CARDDATA.deadLetterName()).isEqualTo("polling.task.carddata-dlt");
    for (TaskType type : TaskType.values()) {
      assertThat(Topics.checkTasks(type).name()).isEqualTo("polling.task." + type.code());
      assertThat(Topics.manualCheckTasks(type).name())
          .isEqualTo("polling.task." + type.code() + ".manual");
      assertThat(Topics.all()).contains(Topics.checkTasks(type), Topics.manualCheckTasks(type));
      assertThat(Topics.manualCheckHandlersGroup(type))
          .isEqualTo("cmp-check-handlers-" + type.code() + "-manual");
    }
  }

  @Test
  void unknownTaskTypeCode_isRefused_namingTheValueAndTheChoices() {
    assertThatThrownBy(() -> TaskType.fromCode("billing"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "unknown task type 'billing', expected one of [realname, carddata, package, protect]");
    assertThatThrownBy(() -> TaskType.fromCode(null)).hasMessage("task type is missing");
  }

  @Test
  void everyWireCode_isDistinct_andParsesBackToItsConstant() {
    assertWireCodesRoundTrip(TaskType.class);
    assertWireCodesRoundTrip(LifecycleEventType.class);
    assertWireCodesRoundTrip(StopReason.class);
    assertWireCodesRoundTrip(CardActionType.class);
    assertWireCodesRoundTrip(ActionTrigger.class);
  }

  private static <E extends Enum<E> & WireCoded> void assertWireCodesRoundTrip(Class<E> type) {
    E[] constants = type.getEnumConstants();
    assertThat(Arrays.stream(constants).map(WireCoded::code)).doesNotHaveDuplicates();
    for (E constant : constants) {
      assertThat(WireCoded.parse(type, constant.code(), "value")).isSameAs(constant);
    }
  }

  private List<String> problems(Topic<?> topic, String json) {
    return codec.validate(topic, json.strip().getBytes(StandardCharsets.UTF_8));
  }
}
