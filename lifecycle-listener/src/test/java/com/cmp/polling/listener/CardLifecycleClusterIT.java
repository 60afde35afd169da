package com.cmp.polling.listener;

import com.cmp.polling.testsupport.redis.OnRedisCluster;

/**
 * {@link CardLifecycleIT} with the app on a 3-master Redis Cluster: lifecycle events applied to
 * queues spread over the masters.
 */
@OnRedisCluster
class CardLifecycleClusterIT extends CardLifecycleIT {}
