package com.cmp.polling.core.config;

import com.cmp.polling.testsupport.redis.OnRedisCluster;

/**
 * {@link PollingConfigManagerIT} on a 3-master Redis Cluster: the staging copy and the configs hash
 * share a hash slot, so the rename stays atomic.
 */
@OnRedisCluster
class PollingConfigManagerClusterIT extends PollingConfigManagerIT {}
