package com.cmp.polling.core.queue;

import com.cmp.polling.testsupport.redis.OnRedisCluster;

/**
 * {@link LegacyQueueKeysIT} on a 3-master Redis Cluster: an old key and its new name may live on
 * two masters, and the move still leaves nothing behind.
 */
@OnRedisCluster
class LegacyQueueKeysClusterIT extends LegacyQueueKeysIT {}
