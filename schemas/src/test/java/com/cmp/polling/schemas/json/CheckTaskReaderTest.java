package com.cmp.polling.schemas.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The hand-written task reader reads only the writer's layout and gives up on anything else, which
 * the codec then reads with Jackson and checks against the schema as before. (That it reads the
 * writer's bytes as Jackson does is checked over many random tasks in {@link CheckTaskWriterTest}.)
 */
class CheckTaskReaderTest {

  private static final PayloadCodec CODEC = new PayloadCodec();
  private static final String CANONICAL =
      "{\"cardId\":1000,\"taskType\":\"carddata\",\"dueAt\":\"2026-11-30T08:00:00.250Z\","
          + "\"enqueuedAt\":\"2026-11-30T08:00:01Z\",\"manual\":false}";
  private static final CheckTask TASK =
      new CheckTask(
          1000,
          TaskType.CARDDATA,
          Instant.parse("2026-11-30T08:00:00.250Z"),
          Instant.parse("2026-11-30T08:00:01Z"),
          false);

  @Test
  void theWritersLayout_isRead() {
    assertThat(CheckTaskReader.read(bytes(CANONICAL))).isEqualTo(TASK);
    assertThat(CODEC.decode(Topics.TASK_CARDDATA, bytes(CANONICAL))).isEqualTo(TASK);
  }

  @Test
  void theWritersLayoutWithALease_isRead_andATaskWithoutOne_isReadAsBefore() {
    String leased =
        CANONICAL.replace(
            "\"manual\":false}", "\"manual\":false,\"leaseUntil\":\"2026-11-30T08:05:01.250Z\"}");
    CheckTask expected =
        new CheckTask(
            1000,
            TaskType.CARDDATA,
            TASK.dueAt(),
            TASK.enqueuedAt(),
            false,
            Instant.parse("2026-11-30T08:05:01.250Z"));

    assertThat(CheckTaskReader.read(bytes(leased))).isEqualTo(expected);
    assertThat(CODEC.decode(Topics.TASK_CARDDATA, bytes(leased))).isEqualTo(expected);
    assertThat(CODEC.encode(Topics.TASK_CARDDATA, TASK)).isEqualTo(bytes(CANONICAL));
    assertThat(TASK.leaseUntil()).isNull();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{ \"cardId\":1000,\"taskType\":\"carddata\",\"dueAt\":\"2026-11-30T08:00:00.250Z\","
            + "\"enqueuedAt\":\"2026-11-30T08:00:01Z\",\"manual\":false}",
        "{\"taskType\":\"carddata\",\"cardId\":1000,\"dueAt\":\"2026-11-30T08:00:00.250Z\","
            + "\"enqueuedAt\":\"2026-11-30T08:00:01Z\",\"manual\":false}",
        "{\"cardId\":1000,\"taskType\":\"carddata\",\"dueAt\":\"2026-11-30T08:00:00.250Z\","
            + "\"enqueuedAt\":\"2026-11-30T08:00:01Z\",\"manual\":false} ",
        "{\"cardId\":1000,\"taskType\":\"carddata\",\"dueAt\":\"2026-11-30T08:00:00.250+00:00\","
            + "\"enqueuedAt\":\"2026-11-30T08:00:01Z\",\"manual\":false}",
      })
  void anotherLayoutOfTheSameTask_isLeftToJackson_whichStillReadsIt(String json) {
    assertThat(CheckTaskReader.read(bytes(json))).isNull();
    assertThat(CODEC.decode(Topics.TASK_CARDDATA, bytes(json))).isEqualTo(TASK);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"cardId\":1000,\"taskType\":\"carddata\",\"dueAt\":\"2026-13-30T08:00:00Z\","
            + "\"enqueuedAt\":\"2026-11-30T08:00:01Z\",\"manual\":false}",
        "{\"cardId\":1000,\"taskType\":\"billing\",\"dueAt\":\"2026-11-30T08:00:00Z\","
            + "\"enqueuedAt\":\"2026-11-30T08:00:01Z\",\"manual\":false}",
        "{\"cardId\":99999999999999999999,\"taskType\":\"carddata\","
            + "\"dueAt\":\"2026-11-30T08:00:00Z\",\"enqueuedAt\":\"2026-11-30T08:00:01Z\","
            + "\"manual\":false}",
        "{\"cardId\":1000,\"taskType\":\"carddata\",\"dueAt\":\"2026-11-30T08:00:00Z\","
            + "\"enqueuedAt\":\"2026-11-30T08:00:01Z\",\"manual\":maybe}",
        "{\"cardId\":1000,\"taskType\":\"carddata\",\"dueAt\":\"2026-11-30T08:00:00Z\"",
        "{\"cardId\":1000,\"taskType\":\"carddata\",\"dueAt\":\"2026-11-30T08:00:00Z\","
            + "\"enqueuedAt\":\"2026-11-30T08:00:01Z\",\"manual\":false,\"leaseUntil\":\"soon\"}",
        "{\"cardId\":1000,\"taskType\":\"carddata\",\"dueAt\":\"2026-11-30T08:00:00Z\","
            + "\"enqueuedAt\":\"2026-11-30T08:00:01Z\",\"manual\":false,\"leaseUntil\":7}",
        "{\"cardId\":0,\"taskType\":\"carddata\",\"dueAt\":\"2026-11-30T08:00:00Z\","
            + "\"enqueuedAt\":\"2026-11-30T08:00:01Z\",\"manual\":false}",
        "",
      })
  void aBrokenTask_isNotRead_andTheCodecRejectsIt(String json) {
    assertThat(CheckTaskReader.read(bytes(json))).isNull();
    assertThatThrownBy(() -> CODEC.decode(Topics.TASK_CARDDATA, bytes(json)))
        .isInstanceOf(InvalidPayloadException.class);
  }

  @Test
  void nonCanonicalDigits_areReadButNotTrusted_theCodecChecksTheSchemaInstead() {
    // Leading zeros: the reader takes the number, the re-encoding differs, Jackson decides.
    String padded = CANONICAL.replace("\"cardId\":1000", "\"cardId\":01000");

    assertThatThrownBy(() -> CODEC.decode(Topics.TASK_CARDDATA, bytes(padded)))
        .isInstanceOf(InvalidPayloadException.class);
  }

  private static byte[] bytes(String json) {
    return json.getBytes(StandardCharsets.UTF_8);
  }
}
