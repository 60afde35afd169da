package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.initializer.InitProgressStore;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * What a pass reads at its start to tell whether the queues may have missed changes the marker
 * cannot show: when the initializer last built the queues (null when it does not run here), when
 * the lifecycle listener last created its replication slot (null when it never said), whether that
 * slot exists now, and a fingerprint of the polling configs (a tiny table, read whole: a deleted
 * config leaves no row a marker could carry).
 */
record PassFacts(String queuesBuilt, String slotCreated, boolean slotPresent, String configs) {

  /** Reads them: Redis twice, PostgreSQL twice (the configs' rows, one catalog row). */
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
        jdbc.sql(
                """
                SELECT md5(coalesce(string_agg(concat(id, '|', card_condition, '|', carrier_id,
                    '|', priority, '|', realname_check_interval, '|', carddata_check_interval, '|',
                    package_check_interval, '|', protect_check_interval, '|', status),
                    ';' ORDER BY id), ''))
                FROM tb_polling_config
                """)
            .query(String.class)
            .single();
    return new PassFacts(built, created, present, configs);
  }
}
