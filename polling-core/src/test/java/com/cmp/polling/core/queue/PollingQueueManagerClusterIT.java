package com.cmp.polling.core.queue;

import com.cmp.polling.testsupport.redis.OnRedisCluster;

/**
 * {@link PollingQueueManagerIT} on a 3-master Redis Cluster: the seed's queue-manager scenarios,
 * each shard queue on the master of its slot.
 */
@OnRedisCluster
class PollingQueueManagerClusterIT extends PollingQueueManagerIT {}
