package com.cmp.polling.operator.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.operator.OperatorTestApp;
import com.cmp.polling.operator.web.RequestBodyLimitFilter;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Manual checks that are refused: 400 bad input, 404 no such card, 409 card not polled. */
class ManualTriggerRefusalsIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static OperatorTestApp app;
  static AdminApi api;
  static QueueState queues;

  @BeforeAll
  static void start() {
    app = OperatorTestApp.start(postgres, redis, kafka, Map.of());
    api = AdminApi.withToken(app.baseUrl(), OperatorTestApp.TOKEN);
    queues = new QueueState(redis.template());
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void unknownTaskType_is400_withTheTaskTypeMessage_andNothingIsQueued() {
    long card = postgres.data().card().insert();

    AdminApi.Reply reply = api.post("/api/admin/cards/" + card + "/checks/bogus");

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.error()).isEqualTo("bad_request");
    assertThat(reply.message())
        .isEqualTo(
            "unknown task type 'bogus', expected one of [realname, carddata, package, protect]");
    assertNothingQueued(card);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0x{hex}", "0{id}", "-{id}", "{id}x", "abc", "9223372036854775808"})
  void cardIdThatIsNotAPlainDecimal_is400_namingThePathVariable_andNothingIsQueued(String form) {
    long card = postgres.data().card().insert();
    String written =
        form.replace("{id}", Long.toString(card)).replace("{hex}", Long.toHexString(card));

    AdminApi.Reply reply = api.post("/api/admin/cards/" + written + "/checks/carddata");

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.message())
        .isEqualTo(
            "cardId must be a decimal number from 1 to 9223372036854775807 (digits only), was '"
                + written
                + "'");
    assertNothingQueued(card);
  }

  @Test
  void bodyOverTheLimit_is413_andNothingIsQueued() {
    long card = postgres.data().card().insert();

    AdminApi.Reply reply =
        api.postOfSize(
            "/api/admin/cards/" + card + "/checks/carddata", RequestBodyLimitFilter.MAX_BYTES + 1);

    assertThat(reply.status()).isEqualTo(413);
    assertNothingQueued(card);
  }

  @Test
  void unknownCard_is404() {
    AdminApi.Reply reply = api.post("/api/admin/cards/987654/checks/carddata");

    assertThat(reply.status()).isEqualTo(404);
    assertThat(reply.error()).isEqualTo("not_found");
    assertThat(reply.message()).isEqualTo("card 987654 does not exist (or is deleted)");
  }

  @Test
  void deletedCard_is404_andNothingIsQueued() {
    long card = postgres.data().card().insert();
    postgres.data().softDeleteCard(card);

    assertThat(api.post("/api/admin/cards/" + card + "/checks/carddata").status()).isEqualTo(404);
    assertThat(queues.manualList(TaskType.CARDDATA)).doesNotContain(Long.toString(card));
  }

  @Test
  void cardWithPollingDisabled_is409_withTheReason_andNothingIsQueued() {
    long card = postgres.data().card().pollingDisabled().insert();

    AdminApi.Reply reply = api.post("/api/admin/cards/" + card + "/checks/package");

    assertThat(reply.status()).isEqualTo(409);
    assertThat(reply.error()).isEqualTo("conflict");
    assertThat(reply.message()).isEqualTo("polling is disabled on card " + card);
    assertThat(queues.manualList(TaskType.PACKAGE)).doesNotContain(Long.toString(card));
    assertThat(queues.score(card, TaskType.PACKAGE)).isNull();
  }

  @Test
  void cardOfADeviceWithPollingDisabled_is409() {
    long device = postgres.data().device().pollingDisabled().insert();
    long card = postgres.data().card().device(device).insert();

    AdminApi.Reply reply = api.post("/api/admin/cards/" + card + "/checks/carddata");

    assertThat(reply.status()).isEqualTo(409);
    assertThat(reply.message())
        .isEqualTo("polling is disabled on device " + device + " of card " + card);
    assertThat(queues.score(card, TaskType.CARDDATA)).isNull();
  }

  @Test
  void cardNoConfigMatches_is409_withTheSkipReason() {
    long card = postgres.data().card().insert();
    setDefaultActivatedEnabled(false);
    try {
      AdminApi.Reply reply = api.post("/api/admin/cards/" + card + "/checks/carddata");

      assertThat(reply.status()).isEqualTo(409);
      assertThat(reply.message())
          .isEqualTo("no enabled polling config matches card " + card + " (activated, carrier 1)");
    } finally {
      setDefaultActivatedEnabled(true);
    }
  }

  @Test
  void protectCheckOfACardWithoutProtectionPeriod_is409() {
    long card = postgres.data().card().insert();

    AdminApi.Reply reply = api.post("/api/admin/cards/" + card + "/checks/protect");

    assertThat(reply.status()).isEqualTo(409);
    assertThat(reply.message())
        .isEqualTo("card " + card + " is under no protection period: no protect check to run");
    assertThat(queues.manualList(TaskType.PROTECT)).doesNotContain(Long.toString(card));
  }

  /** No manual trigger and no queue entry of any task type for the card. */
  private static void assertNothingQueued(long card) {
    for (TaskType type : TaskType.values()) {
      assertThat(queues.manualList(type)).doesNotContain(Long.toString(card));
      assertThat(queues.score(card, type)).as(type.code()).isNull();
    }
  }

  private static void setDefaultActivatedEnabled(boolean enabled) {
    postgres
        .jdbc()
        .sql("UPDATE tb_polling_config SET status = ? WHERE config_name = 'default-activated'")
        .param(enabled ? 1 : 0)
        .update();
    app.bean(PollingConfigManager.class).refreshNow();
  }
}
