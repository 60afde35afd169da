package com.cmp.polling.benchmarks.reconcile;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;

/**
 * The drift the reconcile benchmark makes, of every kind the reconciler repairs, each on cards of
 * its own so that the count it must find is exact: damage written straight into Redis (nothing in
 * PostgreSQL changed, so only the sweep or the far-future read can find it) and changes made by
 * plain SQL while no lifecycle listener runs (found by the change part of the next pass).
 *
 * <p>The fleet is {@code BenchmarkPostgres.seedCards}: card g sits in a device when g % 10 = 0
 * (device 1 + (g / 10) % devices), has polling off when g % 20 = 0, belongs to carrier 1 + g % 3.
 * Cards outside devices and not of carrier 3 are polled with three checks; carrier 3's have no
 * package check.
 */
final class QueueDamage {

  /** What was broken, by the repair kind that must find it, and the changes made by SQL. */
  record Damage(
      long missing,
      long stray,
      long wrongType,
      long farFuture,
      long misplaced,
      long changedCards,
      long changedDevices) {}

  private final StringRedisTemplate redis;
  private final JdbcClient jdbc;
  private final int cards;
  private final int damage;
  private final long carrierWithoutPackage;

  QueueDamage(
      StringRedisTemplate redis, JdbcClient jdbc, int cards, int damage, long carrierWithout) {
    this.redis = redis;
    this.jdbc = jdbc;
    this.cards = cards;
    this.damage = damage;
    this.carrierWithoutPackage = carrierWithout;
  }

  /** Cards deleted before the queues are built: their entries come back by hand later. */
  List<Long> deleteBeforeBuilding() {
    List<Long> deleted = polledAlone(cards * 3 / 5, damage / 2);
    jdbc.sql("UPDATE tb_iot_card SET deleted_at = now() WHERE id = ANY(?)")
        .param(new SqlArrayValue("bigint", deleted.toArray()))
        .update();
    return deleted;
  }

  /** The damage in Redis and the changes by SQL, once the queues are built and compared. */
  Damage inject(List<Long> deleted, int changes, int devices) {
    double now = Instant.now().toEpochMilli() / 1000.0;
    long stray = 0;
    for (long id : polledAlone(1, damage)) {
      redis.opsForZSet().remove(key(id, TaskType.CARDDATA), Long.toString(id));
    }
    for (long id : polledAlone(cards / 5, damage)) {
      // Scored as a lease: a wrong-shard entry is leased again and again, never completed.
      redis
          .opsForZSet()
          .add(RedisKeys.shardQueue((int) ((id + 1) % 16), TaskType.REALNAME), "" + id, now + 240);
    }
    for (long id : polledAlone(cards * 2 / 5, damage)) {
      redis.opsForZSet().add(key(id, TaskType.REALNAME), Long.toString(id), now + 30 * 86_400);
    }
    for (long id : deleted) {
      redis.opsForZSet().add(key(id, TaskType.CARDDATA), Long.toString(id), now + 3_600);
      stray++;
    }
    for (long id = 20; id <= cards && stray < deleted.size() + damage / 2; id += 20) {
      redis.opsForZSet().add(key(id, TaskType.REALNAME), Long.toString(id), now + 86_400);
      stray++;
    }
    for (long id = cards + 1L; id <= cards + damage - damage / 2; id++) {
      redis.opsForZSet().add(key(id, TaskType.PACKAGE), Long.toString(id), now - 3_600);
      stray++;
    }
    long wrongType = 0;
    for (long id = cards; id >= 1 && wrongType < damage; id--) {
      if (id % 10 != 0 && 1 + id % 3 == carrierWithoutPackage) {
        redis.opsForZSet().add(key(id, TaskType.PACKAGE), Long.toString(id), now + 7_200);
        wrongType++;
      }
    }
    List<Long> changed = polledAlone(cards * 4 / 5, changes);
    outOfTheLeaseWindow(changed, now);
    jdbc.sql("UPDATE tb_iot_card SET enable_polling = false WHERE id = ANY(?)")
        .param(new SqlArrayValue("bigint", changed.toArray()))
        .update();
    stray += 3L * changed.size();
    long deviceCount = jdbc.sql("SELECT count(*) FROM tb_device").query(Long.class).single();
    long firstDevice = Math.max(1, deviceCount - devices + 1);
    List<Long> ofDevices =
        jdbc.sql(
                "SELECT id FROM tb_iot_card WHERE device_id >= ? AND deleted_at IS NULL"
                    + " AND enable_polling")
            .param(firstDevice)
            .query(Long.class)
            .list();
    stray += outOfTheLeaseWindow(ofDevices, now);
    jdbc.sql("UPDATE tb_device SET enable_polling = false WHERE id >= ?")
        .param(firstDevice)
        .update();
    return new Damage(
        damage,
        stray + damage,
        wrongType,
        damage,
        damage,
        changed.size(),
        deviceCount - firstDevice + 1);
  }

  /**
   * Moves the cards' entries two hours ahead, out of the lease window: an entry scored less than a
   * lease ahead may be a check in progress, which the reconciler never touches (the check handlers
   * drop a card that is not polled when its entry comes due). The drift then has an exact count.
   *
   * @return how many entries the cards have
   */
  private long outOfTheLeaseWindow(List<Long> ids, double now) {
    long entries = 0;
    for (long id : ids) {
      for (TaskType type : TaskType.values()) {
        String member = Long.toString(id);
        if (redis.opsForZSet().score(key(id, type), member) != null) {
          redis.opsForZSet().add(key(id, type), member, now + 7_200);
          entries++;
        }
      }
    }
    return entries;
  }

  /**
   * Planning changes that change no plan (a card's category, which no config matches on), as the
   * change stream would already have applied them: what a change pass costs per card it compares
   * when nothing needs repairing.
   */
  int benignChanges(int count) {
    List<Long> ids = polledAlone(cards / 10, count);
    jdbc.sql(
            "UPDATE tb_iot_card SET card_category = CASE card_category WHEN 'normal'"
                + " THEN 'industry' ELSE 'normal' END WHERE id = ANY(?)")
        .param(new SqlArrayValue("bigint", ids.toArray()))
        .update();
    return ids.size();
  }

  /** {@code count} polled cards outside devices and of the carriers with three checks. */
  private List<Long> polledAlone(long from, int count) {
    List<Long> ids = new ArrayList<>(count);
    for (long id = Math.max(1, from); id <= cards && ids.size() < count; id++) {
      if (id % 10 != 0 && 1 + id % 3 != carrierWithoutPackage) {
        ids.add(id);
      }
    }
    return ids;
  }

  private static String key(long cardId, TaskType type) {
    return RedisKeys.shardQueue((int) (cardId % 16), type);
  }
}
