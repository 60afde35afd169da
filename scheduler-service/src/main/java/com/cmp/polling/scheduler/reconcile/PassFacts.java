package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.config.ConfigSnapshot;
import com.cmp.polling.core.config.PollingConfigStore;
import com.cmp.polling.core.lifecycle.ReenrollmentRecord;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.initializer.InitProgressStore;
import java.time.Instant;
import java.util.Optional;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * What a pass reads at its start to tell whether the queues may have missed changes the marker
 * cannot show: when the initializer last built the queues (null when it does not run here), when
 * the lifecycle listener last created its replication slot (null when it never said), whether that
 * slot exists now, a fingerprint of the enabled polling configs (a tiny table, read whole: a
 * deleted config leaves no row a marker could carry; the fingerprint is {@link
 * ConfigSnapshot#fingerprint()}, the one the listener's re-enrollment records) and where that
 * re-enrollment stands.
 */
record PassFacts(
    String queuesBuilt,
    String slotCreated,
    boolean slotPresent,
    String configs,
    Optional<ReenrollmentRecord.State> reenrollment) {

  /** Reads them: Redis three times, PostgreSQL twice (the configs' rows, one catalog row). */
  static PassFacts read(
      InitProgressStore init,
      boolean initializerRuns,
      StringRedisTemplate redis,
      JdbcClient jdbc,
      String slot) {
    String built =
        initializerRuns
            ? init.read().map(InitProgress::startedAt).map(Object::toString).orElse(null)
            : null;
    String created = redis.opsForValue().get(RedisKeys.CDC_SLOT_CREATED);
    boolean present =
        jdbc.sql("SELECT count(*) FROM pg_replication_slots WHERE slot_name = ?")
                .param(slot)
                .query(Long.class)
                .single()
            > 0;
    String configs =
        new ConfigSnapshot(new PollingConfigStore(jdbc).findEnabled(), Instant.EPOCH).fingerprint();
    return new PassFacts(built, created, present, configs, new ReenrollmentRecord(redis).read());
  }
}
