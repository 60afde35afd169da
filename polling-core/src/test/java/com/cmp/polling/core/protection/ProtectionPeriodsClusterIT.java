package com.cmp.polling.core.protection;

import com.cmp.polling.testsupport.redis.OnRedisCluster;

/**
 * {@link ProtectionPeriodsIT} on a 3-master Redis Cluster: protection keys and their index on
 * different masters.
 */
@OnRedisCluster
class ProtectionPeriodsClusterIT extends ProtectionPeriodsIT {}
