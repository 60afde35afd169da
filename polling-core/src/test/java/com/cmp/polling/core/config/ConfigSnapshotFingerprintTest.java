package com.cmp.polling.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fingerprint the listener's re-enrollment records and the queue reconciler compares: it
 * follows what planning reads and nothing else.
 */
class ConfigSnapshotFingerprintTest {

  private static PollingConfig config(String name, Integer carddata, Long carrier) {
    return new PollingConfig(
        3, name, CardCondition.ACTIVATED, carrier, 20, 86_400, carddata, 3_600, null, true);
  }

  private static String fingerprint(PollingConfig... configs) {
    return new ConfigSnapshot(List.of(configs), Instant.now()).fingerprint();
  }

  @Test
  void sameConfigsLoadedAtAnotherTime_underAnotherName_haveTheSameFingerprint() {
    var first = new ConfigSnapshot(List.of(config("a", 1_800, null)), Instant.EPOCH);
    var second = new ConfigSnapshot(List.of(config("renamed", 1_800, null)), Instant.now());

    assertThat(first.fingerprint()).isEqualTo(second.fingerprint()).hasSize(32);
  }

  @Test
  void anInterval_aCarrier_orOneConfigMore_changeIt() {
    String base = fingerprint(config("a", 1_800, null));

    assertThat(fingerprint(config("a", 1_700, null))).isNotEqualTo(base);
    assertThat(fingerprint(config("a", null, null))).isNotEqualTo(base);
    assertThat(fingerprint(config("a", 1_800, 7L))).isNotEqualTo(base);
    assertThat(fingerprint(config("a", 1_800, null), config("b", 60, 7L))).isNotEqualTo(base);
    assertThat(ConfigSnapshot.EMPTY.fingerprint()).isNotEqualTo(base);
  }
}
