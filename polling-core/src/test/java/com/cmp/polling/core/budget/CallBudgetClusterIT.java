package com.cmp.polling.core.budget;

import com.cmp.polling.testsupport.redis.OnRedisCluster;

/**
 * {@link CallBudgetIT} on a 3-master Redis Cluster: an account's second and day counters share its
 * hash tag, so one script reads both.
 */
@OnRedisCluster
class CallBudgetClusterIT extends CallBudgetIT {}
