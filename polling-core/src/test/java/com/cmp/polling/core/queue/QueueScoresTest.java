package com.cmp.polling.core.queue;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QueueScoresTest {

  @ParameterizedTest
  @CsvSource({
    "1764424530.1229999, 1764424530123",
    "1764424530.123, 1764424530123",
    "1764424530.9996, 1764424531000",
    "1764424530.5, 1764424530500",
    "1764424530, 1764424530000",
    "0, 0",
    "1.7644245301229999e+09, 1764424530123",
    "-1.5, -1500"
  })
  void scoreAsRedisPrintsIt_isReadToTheMillisecond(String score, long epochMilli) {
    assertThat(QueueScores.instant(score)).isEqualTo(Instant.ofEpochMilli(epochMilli));
  }

  @ParameterizedTest
  @CsvSource({"1764424530123", "0", "1", "999"})
  void argumentAndScore_roundTripTheInstant(long epochMilli) {
    Instant instant = Instant.ofEpochMilli(epochMilli);

    assertThat(QueueScores.instant(QueueScores.argument(instant))).isEqualTo(instant);
    assertThat(QueueScores.instant(Double.toString(QueueScores.score(instant)))).isEqualTo(instant);
  }
}
