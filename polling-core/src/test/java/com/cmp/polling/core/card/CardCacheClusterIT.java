package com.cmp.polling.core.card;

import com.cmp.polling.testsupport.redis.OnRedisCluster;

/**
 * {@link CardCacheIT} on a 3-master Redis Cluster: card hashes read and written in pipelines that
 * span the masters.
 */
@OnRedisCluster
class CardCacheClusterIT extends CardCacheIT {}
