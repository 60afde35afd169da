package com.cmp.polling.testsupport.data;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;

/** What the builders share: generated ids, unique numbers, timestamps. */
final class Inserts {

  private static final AtomicLong SEQUENCE = new AtomicLong(System.nanoTime() % 1_000_000);

  private Inserts() {}

  /** Runs the INSERT and returns the generated {@code id}. */
  static long returningId(JdbcClient.StatementSpec statement) {
    KeyHolder keys = new GeneratedKeyHolder();
    statement.update(keys, "id");
    return keys.getKeyAs(Long.class);
  }

  /** A number no other builder of this JVM got: unique ICCIDs and device numbers. */
  static long next() {
    return SEQUENCE.incrementAndGet();
  }

  static OffsetDateTime utc(Instant instant) {
    return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
  }
}
