package com.cmp.polling.schemas.json;

import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Reads the JSON {@link CheckTaskWriter} writes, without Jackson: a check worker decodes every task
 * it handles, and Jackson's bean deserializer with its {@code java.time} parsing was a third of a
 * handlers consumer's time once the rest of a check was shared per poll.
 *
 * <p>It only reads that exact layout (field order, no whitespace, instants as {@link
 * Instant#toString()} writes them) and is otherwise lenient: the codec takes what it reads only if
 * writing it back gives the same bytes, so anything unusual (another writer, a malformed or
 * out-of-range value) falls through to Jackson and the schema.
 *
 * <p>Kept over Jackson by measurement: JMH {@code TaskCodecBenchmark} in the benchmarks module
 * (docs/benchmarks.md, "Hand-written pieces against libraries"), two runs on a busy 2-core machine:
 * a task read here in 0.36–0.60 µs, by a reused {@code ObjectReader} in 5.5–6.7 µs, with the
 * Blackbird module in 4.1–6.3 µs — ten times as much, on every task a handler consumes.
 */
final class CheckTaskReader {

  private static final byte[] CARD_ID = ascii("{\"cardId\":");
  private static final byte[] TASK_TYPE = ascii(",\"taskType\":\"");
  private static final byte[] DUE_AT = ascii("\",\"dueAt\":\"");
  private static final byte[] ENQUEUED_AT = ascii("\",\"enqueuedAt\":\"");
  private static final byte[] MANUAL = ascii("\",\"manual\":");
  private static final byte[] TRUE = ascii("true");
  private static final byte[] FALSE = ascii("false");
  private static final byte[] LEASE_UNTIL = ascii(",\"leaseUntil\":\"");
  private static final byte[] QUOTE = ascii("\"");
  private static final byte[] END = ascii("}");

  private final byte[] json;
  private int at;

  private CheckTaskReader(byte[] json) {
    this.json = json;
  }

  /** The task in {@code json}, or null when it is not in the writer's layout. */
  static CheckTask read(byte[] json) {
    try {
      return new CheckTaskReader(json).task();
    } catch (RuntimeException e) {
      // Out of range, unknown task type, bad date: not the writer's bytes.
      return null;
    }
  }

  private CheckTask task() {
    if (!skip(CARD_ID)) {
      return null;
    }
    long cardId = number(19);
    if (cardId < 0 || !skip(TASK_TYPE)) {
      return null;
    }
    int typeStart = at;
    while (at < json.length && json[at] != '"') {
      at++;
    }
    TaskType type =
        TaskType.fromCode(new String(json, typeStart, at - typeStart, StandardCharsets.US_ASCII));
    if (!skip(DUE_AT)) {
      return null;
    }
    Instant dueAt = instant();
    if (dueAt == null || !skip(ENQUEUED_AT)) {
      return null;
    }
    Instant enqueuedAt = instant();
    if (enqueuedAt == null || !skip(MANUAL)) {
      return null;
    }
    boolean manual = skip(TRUE);
    if (!manual && !skip(FALSE)) {
      return null;
    }
    Instant leaseUntil = null;
    if (skip(LEASE_UNTIL)) {
      leaseUntil = instant();
      if (leaseUntil == null || !skip(QUOTE)) {
        return null;
      }
    }
    return skip(END) && at == json.length
        ? new CheckTask(cardId, type, dueAt, enqueuedAt, manual, leaseUntil)
        : null;
  }

  /** "yyyy-MM-ddTHH:mm:ss[.fraction]Z", or null. */
  private Instant instant() {
    if (at + 20 > json.length) {
      return null;
    }
    int year = digits(4);
    int month = separated('-', 2);
    int day = separated('-', 2);
    int hour = separated('T', 2);
    int minute = separated(':', 2);
    int second = separated(':', 2);
    if ((year | month | day | hour | minute | second) < 0) {
      return null;
    }
    int nano = 0;
    if (at < json.length && json[at] == '.') {
      at++;
      int scale = 100_000_000;
      int start = at;
      while (at < json.length && json[at] >= '0' && json[at] <= '9' && at - start < 9) {
        nano += (json[at++] - '0') * scale;
        scale /= 10;
      }
    }
    if (at >= json.length || json[at++] != 'Z') {
      return null;
    }
    long epochSecond =
        LocalDateTime.of(year, month, day, hour, minute, second).toEpochSecond(ZoneOffset.UTC);
    return Instant.ofEpochSecond(epochSecond, nano);
  }

  private int separated(char separator, int width) {
    return json[at++] == separator ? digits(width) : -1;
  }

  private int digits(int width) {
    long value = number(width);
    return value < 0 ? -1 : (int) value;
  }

  /** At most {@code maxDigits} decimal digits (at least one), or -1. */
  private long number(int maxDigits) {
    int start = at;
    long value = 0;
    while (at < json.length && json[at] >= '0' && json[at] <= '9' && at - start < maxDigits) {
      value = value * 10 + (json[at++] - '0');
    }
    return at == start ? -1 : value;
  }

  private boolean skip(byte[] expected) {
    if (at + expected.length > json.length) {
      return false;
    }
    for (int i = 0; i < expected.length; i++) {
      if (json[at + i] != expected[i]) {
        return false;
      }
    }
    at += expected.length;
    return true;
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }
}
