package com.cmp.polling.handlers.base;

import com.cmp.polling.testsupport.redis.OnRedisCluster;

/** {@link CheckPermitsIT} on a 3-master Redis Cluster: each type's permit set on its master. */
@OnRedisCluster
class CheckPermitsClusterIT extends CheckPermitsIT {}
