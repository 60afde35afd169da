package com.cmp.polling.schemas.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.json.JsonMapper;

/**
 * The hand-written task writer must produce exactly Jackson's bytes: consumers skip the schema
 * check only for bytes equal to their own re-encoding, and anything else would be a second wire
 * format. The hand-written reader must read those bytes as Jackson reads them.
 */
class CheckTaskWriterTest {

  private static final JsonMapper JACKSON = JsonMapper.builder().build();
  private static final PayloadCodec CODEC = new PayloadCodec();

  static Stream<Instant> edgeInstants() {
    return Stream.of(
        Instant.EPOCH,
        Instant.ofEpochSecond(0, 1),
        Instant.parse("2026-11-30T00:00:00Z"),
        Instant.parse("2026-11-30T23:59:59.999999999Z"),
        Instant.parse("2024-02-29T12:00:00.100Z"),
        Instant.parse("2026-01-01T00:00:00.000010Z"),
        Instant.parse("2026-01-01T00:00:00.000000100Z"),
        Instant.parse("9999-12-31T23:59:59.5Z"),
        // Outside the writer's years: it must hand them to Jackson, with the same result.
        Instant.parse("1969-12-31T23:59:59.999Z"),
        Instant.parse("+10000-01-01T00:00:00Z"),
        Instant.MIN,
        Instant.MAX);
  }

  @ParameterizedTest
  @MethodSource("edgeInstants")
  void edgeInstants_areWrittenAsJacksonWritesThem(Instant instant) {
    for (TaskType type : TaskType.values()) {
      assertSameAsJackson(new CheckTask(1, type, instant, instant, true));
      assertSameAsJackson(new CheckTask(Long.MAX_VALUE, type, instant, Instant.EPOCH, false));
      assertSameAsJackson(
          new CheckTask(Long.MAX_VALUE, type, Instant.EPOCH, Instant.EPOCH, false, instant));
      assertSameAsJackson(new CheckTask(7, type, instant, instant, false, instant));
    }
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void randomTasks_areWrittenAsJacksonWritesThem(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    TaskType[] types = TaskType.values();
    for (int i = 0; i < 20_000; i++) {
      // Whole seconds, milli-, micro- and nanosecond fractions, and runs of one second (cached).
      long second = random.nextLong(0, 253_402_300_800L);
      int nanos =
          switch (random.nextInt(4)) {
            case 0 -> 0;
            case 1 -> random.nextInt(1000) * 1_000_000;
            case 2 -> random.nextInt(1_000_000) * 1000;
            default -> random.nextInt(1_000_000_000);
          };
      Instant due = Instant.ofEpochSecond(second, nanos);
      Instant enqueued = due.plusNanos(random.nextLong(0, 3_000_000_000L));
      // Most scheduled tasks carry their lease (milliseconds, as the queue writes it); manual and
      // older tasks do not.
      Instant leaseUntil =
          switch (random.nextInt(3)) {
            case 0 -> null;
            case 1 -> Instant.ofEpochMilli(enqueued.toEpochMilli() + random.nextLong(0, 600_000));
            default -> enqueued.plusNanos(random.nextLong(0, 600_000_000_000L));
          };
      long cardId = random.nextLong(1, Long.MAX_VALUE);
      assertSameAsJackson(
          new CheckTask(
              cardId, types[random.nextInt(types.length)], due, enqueued, i % 7 == 0, leaseUntil));
    }
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void writtenTasks_decodeBackToThemselves(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < 1000; i++) {
      Instant due = Instant.ofEpochSecond(random.nextLong(0, 4_000_000_000L), random.nextInt(1000));
      Instant leaseUntil = i % 2 == 0 ? null : due.plusMillis(random.nextLong(0, 300_000));
      CheckTask task =
          new CheckTask(
              random.nextLong(1, 1L << 40), TaskType.PROTECT, due, due, false, leaseUntil);
      assertThat(CODEC.decode(Topics.TASK_PROTECT, CODEC.encode(Topics.TASK_PROTECT, task)))
          .isEqualTo(task);
    }
  }

  static List<Long> seeds() {
    return List.of(1L, 20261130L, System.nanoTime());
  }

  private static void assertSameAsJackson(CheckTask task) {
    String expected = new String(JACKSON.writeValueAsBytes(task), StandardCharsets.UTF_8);
    byte[] handWritten = CheckTaskWriter.write(task);
    if (inWriterYears(task.dueAt())
        && inWriterYears(task.enqueuedAt())
        && (task.leaseUntil() == null || inWriterYears(task.leaseUntil()))) {
      assertThat(handWritten).as("task %s written by hand", task).isNotNull();
      assertThat(new String(handWritten, StandardCharsets.UTF_8))
          .as("task %s", task)
          .isEqualTo(expected);
      // And read back by hand as Jackson reads it.
      assertThat(CheckTaskReader.read(handWritten))
          .as("task %s read by hand", task)
          .isEqualTo(JACKSON.readValue(handWritten, CheckTask.class))
          .isEqualTo(task);
    } else {
      assertThat(handWritten).as("task %s left to Jackson", task).isNull();
    }
    String encoded = new String(CODEC.encode(Topics.TASK_CARDDATA, task), StandardCharsets.UTF_8);
    assertThat(encoded).as("task %s through the codec", task).isEqualTo(expected);
  }

  private static boolean inWriterYears(Instant instant) {
    return !instant.isBefore(Instant.EPOCH)
        && instant.isBefore(Instant.parse("+10000-01-01T00:00:00Z"));
  }
}
