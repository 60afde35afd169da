package com.cmp.polling.core.redis;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.schemas.task.TaskType;
import io.lettuce.core.cluster.SlotHash;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Keys one script or one RENAME touches together share a Redis Cluster hash slot; the shard queues,
 * used one at a time, spread over the masters. Slots as the cluster computes them (CRC16 of the
 * name or of its hash tag, modulo 16384).
 */
class RedisKeysSlotsTest {

  /** Slot ranges of a cluster whose 3 masters split the 16384 slots evenly. */
  private static int masterOf(int slot) {
    return slot * 3 / SlotHash.SLOT_COUNT;
  }

  @Test
  void manualTriggerSet_sharesTheSlotOfTheOldList_thatTheMoveScriptEmptiesIntoIt() {
    for (TaskType type : TaskType.values()) {
      assertThat(SlotHash.getSlot(RedisKeys.manualTriggers(type)))
          .as(type.code())
          .isEqualTo(SlotHash.getSlot(RedisKeys.manualQueue(type)));
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
  void theSixtyFourShardQueues_spreadOverAllThreeMasters_atLeastAQuarterOnEach() {
    Map<Integer, Integer> queuesPerMaster = new HashMap<>();
    for (TaskType type : TaskType.values()) {
      for (int shard = 0; shard < 16; shard++) {
        int slot = SlotHash.getSlot(RedisKeys.shardQueue(shard, type));
        queuesPerMaster.merge(masterOf(slot), 1, Integer::sum);
      }
    }
    // By name: 26, 17 and 21 of the 64 queues (one type alone can miss a master).
    assertThat(queuesPerMaster).containsOnlyKeys(0, 1, 2);
    assertThat(queuesPerMaster.values()).allSatisfy(n -> assertThat(n).isGreaterThanOrEqualTo(16));
  }
}
