package com.cmp.polling.scheduler.schedule;

import com.cmp.polling.testsupport.redis.OnRedisCluster;

/**
 * {@link SchedulingLoopIT} with the app on a 3-master Redis Cluster: every shard queue leased on
 * the master of its slot, stats written beside them.
 */
@OnRedisCluster
class SchedulingLoopClusterIT extends SchedulingLoopIT {}
