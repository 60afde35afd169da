package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.handlers.base.TaskPreparation.Decoded;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

class CheckRunnerTest {

  @Test
  void rounds_holdEachCardOnceARound_andACardsTasksInRecordOrder() {
    // Cards 1 2 1 3 1 2: card 1 three times, card 2 twice.
    List<Decoded> poll = new ArrayList<>();
    for (long card : new long[] {1, 2, 1, 3, 1, 2}) {
      poll.add(task(card, poll.size()));
    }

    List<List<Decoded>> rounds = CheckRunner.rounds(poll);

    assertThat(rounds).hasSize(3);
    assertThat(offsets(rounds.get(0))).containsExactly(0L, 1L, 3L);
    assertThat(offsets(rounds.get(1))).containsExactly(2L, 5L);
    assertThat(offsets(rounds.get(2))).containsExactly(4L);
  }

  @Test
  void rounds_ofAPollOfDifferentCards_isOneRoundInRecordOrder() {
    List<Decoded> poll = List.of(task(5, 0), task(4, 1), task(6, 2));

    assertThat(CheckRunner.rounds(poll)).containsExactly(poll);
    assertThat(CheckRunner.rounds(List.of())).isEmpty();
  }

  private static Decoded task(long cardId, long offset) {
    Instant now = Instant.parse("2026-11-15T08:00:00Z");
    return new Decoded(
        new ConsumerRecord<>(
            "polling.task.realname", 0, offset, Long.toString(cardId), new byte[0]),
        new CheckTask(cardId, TaskType.REALNAME, now, now, false),
        0L);
  }

  private static List<Long> offsets(List<Decoded> round) {
    return round.stream().map(d -> d.record().offset()).toList();
  }
}
