package com.cmp.polling.operator.admin;

import com.cmp.polling.testsupport.redis.OnRedisCluster;

/**
 * {@link ManualTriggerIT} with the app on a 3-master Redis Cluster: manual triggers through the
 * admin API into the tagged trigger sets.
 */
@OnRedisCluster
class ManualTriggerClusterIT extends ManualTriggerIT {}
