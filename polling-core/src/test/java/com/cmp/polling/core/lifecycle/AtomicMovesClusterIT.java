package com.cmp.polling.core.lifecycle;

import com.cmp.polling.testsupport.redis.OnRedisCluster;

/**
 * {@link AtomicMovesIT} on a 3-master Redis Cluster: each shard's queues of every task type share a
 * slot, so each shard's move is still one script, and the watcher still one read.
 */
@OnRedisCluster
class AtomicMovesClusterIT extends AtomicMovesIT {}
