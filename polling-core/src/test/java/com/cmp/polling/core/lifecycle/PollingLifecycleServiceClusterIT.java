package com.cmp.polling.core.lifecycle;

import com.cmp.polling.testsupport.redis.OnRedisCluster;

/**
 * {@link PollingLifecycleServiceIT} on a 3-master Redis Cluster: a card's queues of every task type
 * live on different masters.
 */
@OnRedisCluster
class PollingLifecycleServiceClusterIT extends PollingLifecycleServiceIT {}
