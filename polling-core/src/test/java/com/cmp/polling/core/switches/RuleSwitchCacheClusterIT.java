package com.cmp.polling.core.switches;

import com.cmp.polling.testsupport.redis.OnRedisCluster;

/**
 * {@link RuleSwitchCacheIT} on a 3-master Redis Cluster: switch changes announced over the
 * cluster's pub/sub.
 */
@OnRedisCluster
class RuleSwitchCacheClusterIT extends RuleSwitchCacheIT {}
