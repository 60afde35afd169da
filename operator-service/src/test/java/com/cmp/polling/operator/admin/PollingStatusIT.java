package com.cmp.polling.operator.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.operator.OperatorTestApp;
import com.cmp.polling.operator.web.RequestBodyLimitFilter;
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

/** {@code PATCH /api/admin/assets/{card|device}/{id}/polling-status} writes the row, only it. */
class PollingStatusIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  private static final String DISABLE = "{\"enablePolling\":false}";

  static OperatorTestApp app;
  static AdminApi api;

  @BeforeAll
  static void start() {
    app = OperatorTestApp.start(postgres, redis, kafka, Map.of());
    api = AdminApi.withToken(app.baseUrl(), OperatorTestApp.TOKEN);
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void disablingACard_setsItsRowFlag_andAnswersTheNewState() {
    long card = postgres.data().card().insert();

    AdminApi.Reply reply = patch("card", card, DISABLE);

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.json().path("assetType").asString()).isEqualTo("card");
    assertThat(reply.json().path("id").asLong()).isEqualTo(card);
    assertThat(reply.json().path("enablePolling").asBoolean()).isFalse();
    assertThat(CardRows.pollingEnabled(postgres, "tb_iot_card", card)).isFalse();
  }

  @Test
  void enablingACard_setsItsRowFlag() {
    long card = postgres.data().card().pollingDisabled().insert();

    AdminApi.Reply reply = patch("card", card, "{\"enablePolling\":true}");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(CardRows.pollingEnabled(postgres, "tb_iot_card", card)).isTrue();
  }

  @Test
  void disablingADevice_setsTheDeviceRowFlag_andLeavesItsCardsRowsAlone() {
    long device = postgres.data().device().insert();
    long card = postgres.data().card().device(device).insert();

    AdminApi.Reply reply = patch("device", device, DISABLE);

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.json().path("assetType").asString()).isEqualTo("device");
    assertThat(CardRows.pollingEnabled(postgres, "tb_device", device)).isFalse();
    assertThat(CardRows.pollingEnabled(postgres, "tb_iot_card", card)).isTrue();
  }

  @Test
  void unknownAssetType_is400_listingTheAcceptedOnes() {
    AdminApi.Reply reply = patch("sim", "1", DISABLE);

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.message())
        .isEqualTo("unknown asset type 'sim', expected one of [card, device]");
  }

  @Test
  void missingField_is400() {
    long card = postgres.data().card().insert();

    AdminApi.Reply reply = patch("card", card, "{}");

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.message()).isEqualTo("enablePolling is missing: send true or false");
    assertThat(CardRows.pollingEnabled(postgres, "tb_iot_card", card)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"\"false\"", "0", "\"yes\"", "null"})
  void nonBooleanField_is400_andTheRowIsUnchanged(String value) {
    long card = postgres.data().card().insert();

    AdminApi.Reply reply = patch("card", card, "{\"enablePolling\":" + value + "}");

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.message()).startsWith("enablePolling ");
    assertThat(CardRows.pollingEnabled(postgres, "tb_iot_card", card)).isTrue();
  }

  @Test
  void malformedJson_is400() {
    AdminApi.Reply reply = patch("card", "1", "{\"enablePolling\": fals");

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.error()).isEqualTo("bad_request");
    assertThat(reply.message()).startsWith("request body is not valid: ");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0x{hex}", "0{id}", "-{id}", "{id}x", "x1", "9223372036854775808"})
  void idThatIsNotAPlainDecimal_is400_andTheRowIsUnchanged(String form) {
    long card = postgres.data().card().insert();
    String written =
        form.replace("{id}", Long.toString(card)).replace("{hex}", Long.toHexString(card));

    AdminApi.Reply reply = patch("card", written, DISABLE);

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.message())
        .isEqualTo(
            "id must be a decimal number from 1 to 9223372036854775807 (digits only), was '"
                + written
                + "'");
    assertThat(CardRows.pollingEnabled(postgres, "tb_iot_card", card)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"enablePolling\": false, \"force\": true}",
        "{\"enabled\": false}",
        "null",
        "[false]",
        "false"
      })
  void bodyThatIsNotAValidRequest_is400_andTheRowIsUnchanged(String body) {
    long card = postgres.data().card().insert();

    AdminApi.Reply reply = patch("card", card, body);

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.error()).isEqualTo("bad_request");
    assertThat(CardRows.pollingEnabled(postgres, "tb_iot_card", card)).isTrue();
  }

  @Test
  void unknownField_is400_namingIt() {
    long card = postgres.data().card().insert();

    AdminApi.Reply reply = patch("card", card, "{\"enablePolling\": false, \"force\": true}");

    assertThat(reply.message())
        .isEqualTo("unknown field(s) [force] in the request body; accepted: [enablePolling]");
  }

  @Test
  void bodyOverTheLimit_is413_andTheRowIsUnchanged() {
    long card = postgres.data().card().insert();
    String body = "{\"enablePolling\": false}" + " ".repeat(RequestBodyLimitFilter.MAX_BYTES);

    AdminApi.Reply reply = patch("card", card, body);

    assertThat(reply.status()).isEqualTo(413);
    assertThat(CardRows.pollingEnabled(postgres, "tb_iot_card", card)).isTrue();
  }

  @Test
  void unknownCard_is404() {
    AdminApi.Reply reply = patch("card", "424242", DISABLE);

    assertThat(reply.status()).isEqualTo(404);
    assertThat(reply.message()).isEqualTo("card 424242 does not exist (or is deleted)");
  }

  @Test
  void deletedDevice_is404_andItsRowIsUnchanged() {
    long device = postgres.data().device().insert();
    postgres.data().softDeleteDevice(device);

    AdminApi.Reply reply = patch("device", device, DISABLE);

    assertThat(reply.status()).isEqualTo(404);
    assertThat(reply.message()).isEqualTo("device " + device + " does not exist (or is deleted)");
    assertThat(CardRows.pollingEnabled(postgres, "tb_device", device)).isTrue();
  }

  private static AdminApi.Reply patch(String assetType, Object id, String body) {
    return api.patch("/api/admin/assets/" + assetType + "/" + id + "/polling-status", body);
  }
}
