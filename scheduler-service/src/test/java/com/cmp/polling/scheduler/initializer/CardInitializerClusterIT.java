package com.cmp.polling.scheduler.initializer;

import com.cmp.polling.testsupport.redis.OnRedisCluster;

/**
 * {@link CardInitializerIT} with the app on a 3-master Redis Cluster: the initializer's lock,
 * marker and progress, and the queues it fills across the masters.
 */
@OnRedisCluster
class CardInitializerClusterIT extends CardInitializerIT {}
