package com.cmp.polling.core.redis;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.schemas.task.TaskType;
import io.lettuce.core.cluster.SlotHash;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Keys one script or one RENAME touches together share a Redis Cluster hash slot; the shard queues
 * of every task type spread evenly over the masters. Slots as the cluster computes them (CRC16 of
 * the name or of its hash tag, modulo 16384); masters as a cluster splits the slots by default, in
 * contiguous ranges of equal size.
 */
class RedisKeysSlotsTest {

  /** The master holding {@code slot} when {@code masters} masters split the slots evenly. */
  private static int masterOf(int slot, int masters) {
    for (int master = masters - 1; master >= 0; master--) {
      if (slot >= master * SlotHash.SLOT_COUNT / masters) {
        return master;
      }
    }
    throw new IllegalStateException("slot " + slot);
  }

  @Test
  void shardQueueNames_keepTheirReadableForm_withTheShardsTagInBraces_pinnedForExistingQueues() {
    // These names are the data of existing installations: a change here strands their queues.
    List<String> tags =
        List.of(
            "0-zj", "1-fbs", "2-dlo", "3-8j2", "4-r7", "5-34r", "6-93v", "7-86c", "8-qth", "9-a7e",
            "10-glq", "11-3c4", "12-hbm", "13-4d0", "14-o98", "15-f55");
    for (int shard = 0; shard < 16; shard++) {
      assertThat(RedisKeys.shardQueue(shard, TaskType.CARDDATA))
          .isEqualTo("polling:shard:{" + tags.get(shard) + "}:queue:carddata");
    }
    assertThat(RedisKeys.shardQueue(8, TaskType.PROTECT))
        .isEqualTo("polling:shard:{8-qth}:queue:protect");
  }

  @Test
  void aShardsQueuesOfEveryTaskType_shareOneSlot_soOneScriptMovesACardBetweenThem() {
    for (int shard = 0; shard < 64; shard++) {
      Set<Integer> slots = new HashSet<>();
      for (TaskType type : TaskType.values()) {
        slots.add(SlotHash.getSlot(RedisKeys.shardQueue(shard, type)));
      }
      assertThat(slots).as("shard " + shard).containsExactly(ShardTags.slotOf(shard));
    }
  }

  @Test
  void sixteenShards_middlesOfTheSixteenSixteenths_fiveSixFive_onThreeMasters() {
    Set<Integer> slots = new HashSet<>();
    int[] perMaster = new int[3];
    for (int shard = 0; shard < 16; shard++) {
      int slot = SlotHash.getSlot(RedisKeys.shardQueue(shard, TaskType.REALNAME));
      slots.add(slot);
      perMaster[masterOf(slot, 3)]++;
    }
    List<Integer> middles = new ArrayList<>();
    for (int k = 0; k < 16; k++) {
      middles.add(k * 1024 + 512);
    }
    assertThat(slots).containsExactlyInAnyOrderElementsOf(middles);
    // Before the tags realname's 16 queues sat on two of the three masters.
    assertThat(perMaster).containsExactly(5, 6, 5);
  }

  /** Every task type spread over any number of masters as evenly as the shards divide. */
  @ParameterizedTest
  @ValueSource(ints = {2, 3, 4, 5, 6, 7, 8, 16})
  void everyTaskType_spreadsItsShards_asEvenlyAsTheyDivide_overAnyNumberOfMasters(int masters) {
    for (int shardCount : List.of(16, 32, 64)) {
      for (TaskType type : TaskType.values()) {
        int[] perMaster = new int[masters];
        for (int shard = 0; shard < shardCount; shard++) {
          perMaster[masterOf(SlotHash.getSlot(RedisKeys.shardQueue(shard, type)), masters)]++;
        }
        int fewest = shardCount / masters;
        int most = fewest + (shardCount % masters == 0 ? 0 : 1);
        assertThat(IntStream.of(perMaster).boxed().toList())
            .as(shardCount + " " + type.code() + " shards on " + masters + " masters")
            .allSatisfy(n -> assertThat(n).isBetween(fewest, most));
      }
    }
  }

  @Test
  void manualTriggerSet_sharesTheSlotOfTheOldList_thatTheMoveScriptEmptiesIntoIt() {
    for (TaskType type : TaskType.values()) {
      assertThat(SlotHash.getSlot(RedisKeys.manualTriggers(type)))
          .as(type.code())
          .isEqualTo(SlotHash.getSlot(RedisKeys.legacyManualList(type)));
    }
    assertThat(RedisKeys.manualTriggers(TaskType.CARDDATA))
        .isEqualTo("polling:manual:due:{polling:manual:carddata}");
  }

  @Test
  void configsStagingCopy_sharesTheSlotOfTheConfigs_soItsRenameIsAtomic() {
    assertThat(SlotHash.getSlot(RedisKeys.configsStaging("a1b2")))
        .isEqualTo(SlotHash.getSlot(RedisKeys.CONFIGS));
    assertThat(SlotHash.getSlot(RedisKeys.configsStaging("c3d4")))
        .isEqualTo(SlotHash.getSlot(RedisKeys.CONFIGS));
  }

  @Test
  void anAccountsBudgetCounters_ofASecondAndOfItsDay_shareOneSlot() {
    assertThat(SlotHash.getSlot(RedisKeys.budgetSecond("acme")))
        .isEqualTo(SlotHash.getSlot(RedisKeys.budgetDay("acme", LocalDate.of(2026, 12, 4))));
    assertThat(RedisKeys.budgetDay("acme", LocalDate.of(2026, 12, 4)))
        .isEqualTo("polling:budget:{acme}:day:2026-12-04");
  }
}
