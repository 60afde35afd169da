package com.cmp.polling.core.enrollment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Lining up carddata checks: earlier onto the group's grid, never later; one due time per group;
 * the groups spread over the grid.
 */
class CarddataAlignmentTest {

  static final Instant NOW = Instant.parse("2026-12-01T14:00:00Z");
  static final long BATCHED = 3;
  static final long SINGLE = 4;
  static final Duration GRID = Duration.ofMinutes(5);
  static final int PARTITIONS = 16;

  final SettableClock clock = new SettableClock(NOW);

  /** Card ids whose partition is their id modulo 16, so a test picks the partition it means. */
  CarddataAlignment alignment(int slots) {
    return new CarddataAlignment(
        new CarddataAlignmentSettings(GRID, slots, Set.of(BATCHED)),
        PARTITIONS,
        cardId -> (int) (cardId % PARTITIONS),
        clock);
  }

  @Test
  void aCheck_isMovedEarlier_byLessThanOneGrid_neverLater_norToLessThanHalfItsWait() {
    CarddataAlignment alignment = alignment(2);
    for (int minutes = 6; minutes < 600; minutes += 7) {
      Instant planned = NOW.plus(Duration.ofMinutes(minutes)).plusMillis(123);
      Instant aligned = alignment.aligned(planned, 1, BATCHED);

      assertThat(aligned).isBeforeOrEqualTo(planned).isAfter(planned.minus(GRID)).isAfter(NOW);
      assertThat(Duration.between(NOW, aligned))
          .isGreaterThanOrEqualTo(Duration.between(NOW, planned).dividedBy(2));
    }
  }

  @Test
  void cardsOfOneCarrierAndOneSlot_plannedApart_comeDueAtOneInstant() {
    CarddataAlignment alignment = alignment(2);
    Set<Instant> dueTimes = new HashSet<>();
    // Partitions 0 to 7 are the first of two slots; the cards are planned up to 4 min apart.
    Instant first = alignment.aligned(NOW.plus(Duration.ofHours(3)), 16, BATCHED);
    for (long card = 16; card < 400; card += 16 + 1) {
      if (card % PARTITIONS < 8) {
        Instant planned = first.plusSeconds(card % 240);
        dueTimes.add(alignment.aligned(planned, card, BATCHED));
      }
    }

    assertThat(dueTimes).containsExactly(first);
  }

  @Test
  void theSlotsOfCarriers_areSpreadEvenlyOverTheGrid() {
    Map<Long, Long> offsetBySlot = new HashMap<>();
    CarddataAlignment alignment = alignment(4);
    for (long card = 0; card < PARTITIONS; card++) {
      offsetBySlot.put(card / 4, alignment.offset(card, BATCHED, GRID.toMillis()));
    }

    assertThat(offsetBySlot).hasSize(4);
    long step = GRID.toMillis() / 4;
    long base = offsetBySlot.get(0L);
    for (long slot = 0; slot < 4; slot++) {
      assertThat(offsetBySlot.get(slot))
          .isEqualTo(Math.floorMod(base + slot * step, GRID.toMillis()));
    }
    assertThat(alignment.offset(0, 7, GRID.toMillis()))
        .as("another carrier has an offset of its own")
        .isNotEqualTo(base);
  }

  @Test
  void aCheckWhosePointWouldCutItsWaitBelowHalf_staysWhereItIs() {
    CarddataAlignment alignment = alignment(1);
    Instant gridPoint = alignment.aligned(NOW.plus(Duration.ofHours(1)), 1, BATCHED);
    clock.set(gridPoint.plusSeconds(1));
    Instant beforeTheNextPoint = gridPoint.plus(GRID).minusSeconds(1);
    assertThat(alignment.aligned(beforeTheNextPoint, 1, BATCHED)).isEqualTo(beforeTheNextPoint);

    // 5 min planned, the point 1 min from now: checking again in 1 min would gain nothing.
    clock.set(gridPoint.minusSeconds(60));
    Instant fiveMinutesOn = clock.instant().plus(Duration.ofMinutes(5));
    assertThat(alignment.aligned(fiveMinutesOn, 1, BATCHED)).isEqualTo(fiveMinutesOn);
    // 5 min planned, the point 3 min from now: more than half the wait is kept.
    clock.set(gridPoint.minusSeconds(180));
    assertThat(alignment.aligned(clock.instant().plus(Duration.ofMinutes(5)), 1, BATCHED))
        .isEqualTo(gridPoint);
    assertThat(alignment.aligned(gridPoint, 1, BATCHED))
        .as("a check planned on a point stays on it")
        .isEqualTo(gridPoint);
  }

  @Test
  void aCarrierWithoutBatchForm_andAnAlignmentOff_leaveTheCheckWhereItIs() {
    Instant planned = NOW.plus(Duration.ofMinutes(37)).plusMillis(5);

    assertThat(alignment(2).aligned(planned, 1, SINGLE)).isEqualTo(planned);
    assertThat(CarddataAlignment.off(clock).aligned(planned, 1, BATCHED)).isEqualTo(planned);
  }

  @Test
  void badSettings_areRefused_namingTheSetting() {
    assertThatThrownBy(() -> new CarddataAlignmentSettings(Duration.ofMillis(500), 2, Set.of()))
        .hasMessageContaining("grid");
    assertThatThrownBy(() -> new CarddataAlignmentSettings(GRID, 0, Set.of()))
        .hasMessageContaining("slots");
    assertThat(new CarddataAlignmentSettings(Duration.ZERO, 2, Set.of(BATCHED)).enabled())
        .isFalse();
  }
}
