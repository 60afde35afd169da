package com.cmp.polling.benchmarks.fleet;

/**
 * How production turns due cards into polls and carrier calls, as the simulation models it.
 *
 * @param partitions partitions of the carddata task topic (a task's partition: its key's hash)
 * @param shards shards of the queue (card id modulo shards): a round publishes shard after shard
 * @param consumers carddata consumers over all handler instances, each given a contiguous range of
 *     partitions
 * @param maxPollRecords the most tasks one poll returns
 * @param sliceSize the most cards a handler checks at once (its worker threads)
 * @param usageBatch cards per usage query where the carriers have the batch form
 * @param stopBatch cards per stop where they have it
 * @param slots the alignment's groups per carrier
 */
record FleetModel(
    int partitions,
    int shards,
    int consumers,
    int maxPollRecords,
    int sliceSize,
    int usageBatch,
    int stopBatch,
    int slots) {

  /** The consumer reading a partition. */
  int consumerOf(int partition) {
    return (int) ((long) partition * consumers / partitions);
  }
}
