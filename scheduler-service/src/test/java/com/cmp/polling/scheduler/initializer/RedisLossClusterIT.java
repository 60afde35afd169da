package com.cmp.polling.scheduler.initializer;

import com.cmp.polling.testsupport.redis.OnRedisCluster;

/**
 * {@link RedisLossIT} with the app on a 3-master Redis Cluster: every master flushed, the marker
 * gone, the queues rebuilt from PostgreSQL.
 */
@OnRedisCluster
class RedisLossClusterIT extends RedisLossIT {}
