package com.cmp.polling.schemas.json;

import com.cmp.polling.schemas.task.CheckTask;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;

/**
 * Writes a {@link CheckTask} as the JSON the codec's default mapper writes for it, byte for byte (a
 * test compares both over many random tasks), without Jackson. The scheduler encodes every task it
 * publishes, up to a million in one burst, and Jackson's general path (bean serializer, {@code
 * java.time} formatter) was a quarter of its publishing threads' time. Readers decode these bytes
 * with {@link CheckTaskReader}, find them identical to their own re-encoding and skip the schema
 * check as before.
 *
 * <p>Instants are written as {@link Instant#toString()} does (ISO-8601, UTC, fraction in groups of
 * three digits, none when zero); tasks due outside the years 1970–9999 return null and go through
 * Jackson.
 *
 * <p>Kept over Jackson by measurement: JMH {@code TaskCodecBenchmark} in the benchmarks module
 * (docs/benchmarks.md, "Hand-written pieces against libraries"), two runs on a busy 2-core machine:
 * a task written here in 0.25–0.34 µs, by a reused {@code ObjectWriter} in 1.15–1.79 µs, with the
 * Blackbird module in 1.20–1.81 µs. With {@link CheckTaskReader}'s figures, Jackson would add about
 * 6 µs of CPU per card to the bare cycle, which spends 7 µs per card in all: far past the
 * run-to-run spread (±15 %) the benchmarks may move by.
 */
final class CheckTaskWriter {

  private static final long LAST_SECOND_OF_9999 = 253_402_300_799L;

  /**
   * The "yyyy-MM-ddTHH:mm:ss" text of the last second each thread wrote: cards leave their queue in
   * due order and a batch shares its enqueue time, so a batch touches few distinct seconds.
   */
  private static final ThreadLocal<SecondText> LAST_SECOND =
      ThreadLocal.withInitial(SecondText::new);

  private CheckTaskWriter() {}

  /** The JSON of {@code task}, or null when one of its instants is outside the handled years. */
  static byte[] write(CheckTask task) {
    if (!handled(task.dueAt())
        || !handled(task.enqueuedAt())
        || (task.leaseUntil() != null && !handled(task.leaseUntil()))) {
      return null;
    }
    Out out = new Out();
    out.ascii("{\"cardId\":").ascii(Long.toString(task.cardId()));
    out.ascii(",\"taskType\":\"").ascii(task.taskType().code());
    out.ascii("\",\"dueAt\":\"").instant(task.dueAt());
    out.ascii("\",\"enqueuedAt\":\"").instant(task.enqueuedAt());
    out.ascii("\",\"manual\":").ascii(task.manual() ? "true" : "false");
    if (task.leaseUntil() != null) {
      // Left out when null, as the record's @JsonInclude(NON_NULL) tells Jackson.
      out.ascii(",\"leaseUntil\":\"").instant(task.leaseUntil()).ascii("\"");
    }
    return out.ascii("}").bytes();
  }

  private static boolean handled(Instant instant) {
    return instant.getEpochSecond() >= 0 && instant.getEpochSecond() <= LAST_SECOND_OF_9999;
  }

  /** A byte buffer long enough for any task (at most 200 bytes for a 19-digit card id). */
  private static final class Out {
    private final byte[] buffer = new byte[256];
    private int length;

    Out ascii(String text) {
      // The task's strings are ASCII: digits, fixed names and the task type's code.
      for (int i = 0; i < text.length(); i++) {
        buffer[length++] = (byte) text.charAt(i);
      }
      return this;
    }

    Out instant(Instant instant) {
      SecondText second = LAST_SECOND.get();
      System.arraycopy(second.of(instant.getEpochSecond()), 0, buffer, length, 19);
      length += 19;
      int nano = instant.getNano();
      if (nano > 0) {
        buffer[length++] = '.';
        // Digits three at a time until what is left is zero, as ISO_INSTANT prints them.
        int divisor = 100_000_000;
        for (int digit = 0; nano > 0 || digit % 3 != 0; digit++) {
          buffer[length++] = (byte) ('0' + nano / divisor);
          nano %= divisor;
          divisor /= 10;
        }
      }
      buffer[length++] = 'Z';
      return this;
    }

    byte[] bytes() {
      return Arrays.copyOf(buffer, length);
    }
  }

  /** One thread's cached text of one epoch second. */
  private static final class SecondText {
    private long epochSecond = Long.MIN_VALUE;
    private byte[] text;

    byte[] of(long second) {
      if (second != epochSecond) {
        LocalDateTime time = LocalDateTime.ofEpochSecond(second, 0, ZoneOffset.UTC);
        text = new byte[19];
        digits(time.getYear(), text, 0, 4);
        text[4] = '-';
        digits(time.getMonthValue(), text, 5, 2);
        text[7] = '-';
        digits(time.getDayOfMonth(), text, 8, 2);
        text[10] = 'T';
        digits(time.getHour(), text, 11, 2);
        text[13] = ':';
        digits(time.getMinute(), text, 14, 2);
        text[16] = ':';
        digits(time.getSecond(), text, 17, 2);
        epochSecond = second;
      }
      return text;
    }

    /** {@code value} zero-padded to {@code width} digits at {@code from}. */
    private static void digits(int value, byte[] into, int from, int width) {
      for (int at = from + width - 1; at >= from; at--) {
        into[at] = (byte) ('0' + value % 10);
        value /= 10;
      }
    }
  }
}
