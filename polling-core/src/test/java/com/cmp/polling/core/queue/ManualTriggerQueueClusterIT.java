package com.cmp.polling.core.queue;

import com.cmp.polling.testsupport.redis.OnRedisCluster;

/**
 * {@link ManualTriggerQueueIT} on a 3-master Redis Cluster: the trigger set and the old list it
 * drains share a hash slot.
 */
@OnRedisCluster
class ManualTriggerQueueClusterIT extends ManualTriggerQueueIT {}
