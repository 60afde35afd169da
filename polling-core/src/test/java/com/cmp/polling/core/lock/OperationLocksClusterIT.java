package com.cmp.polling.core.lock;

import com.cmp.polling.testsupport.redis.OnRedisCluster;

/**
 * {@link OperationLocksIT} on a 3-master Redis Cluster: card and device locks on the masters of
 * their slots, taken, extended and released by one-key scripts.
 */
@OnRedisCluster
class OperationLocksClusterIT extends OperationLocksIT {}
