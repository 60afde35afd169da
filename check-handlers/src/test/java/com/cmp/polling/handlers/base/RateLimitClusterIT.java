package com.cmp.polling.handlers.base;

import com.cmp.polling.testsupport.redis.OnRedisCluster;

/**
 * {@link RateLimitIT} on a 3-master Redis Cluster: the carrier rate limiter's slot key on one
 * master, shared by every worker.
 */
@OnRedisCluster
class RateLimitClusterIT extends RateLimitIT {}
