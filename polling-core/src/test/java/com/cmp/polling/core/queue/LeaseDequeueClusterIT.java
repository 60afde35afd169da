package com.cmp.polling.core.queue;

import com.cmp.polling.testsupport.redis.OnRedisCluster;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/**
 * {@link LeaseDequeueIT} on a 3-master Redis Cluster: leases, claims and completions with the shard
 * queues spread over the masters.
 */
@OnRedisCluster
class LeaseDequeueClusterIT extends LeaseDequeueIT {

  @Override
  @Test
  @Disabled(
      "pauses one server with CLIENT PAUSE and times out a standalone client on it: a client-side"
          + " timeout the single-server run already proves, whatever server holds the queue")
  void dequeueThatTimesOut_losesNoCard_theLeaseBringsThemBack() {}
}
