package com.cmp.polling.benchmarks.reconcile;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Instant;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The damage the reconcile benchmark writes straight into Redis, of each kind the reconciler
 * repairs, so that its pass can be checked to find exactly that.
 */
final class QueueDamage {

  private QueueDamage() {}

  /** What was broken, by kind. */
  record Damage(long missing, long stray, long wrongType) {}

  static Damage inject(
      StringRedisTemplate redis, int cards, int damage, long carrierWithoutPackage) {
    double now = Instant.now().toEpochMilli() / 1000.0;
    long missing = 0;
    long stray = 0;
    long wrongType = 0;
    // seedCards: card g has polling off when g % 20 = 0, sits in a device when g % 10 = 0, and
    // belongs to carrier 1 + g % 3. Cards alone with polling on are polled.
    for (long id = 1; id <= cards && missing < damage; id++) {
      if (id % 10 != 0 && 1 + id % 3 != carrierWithoutPackage) {
        missing += redis.opsForZSet().remove(key(id, TaskType.CARDDATA), Long.toString(id));
      }
    }
    for (long id = 20; id <= cards && stray < damage / 2; id += 20) {
      redis.opsForZSet().add(key(id, TaskType.REALNAME), Long.toString(id), now + 86_400);
      stray++;
    }
    for (long id = cards + 1L; stray < damage; id++) {
      redis.opsForZSet().add(key(id, TaskType.PACKAGE), Long.toString(id), now - 3_600);
      stray++;
    }
    for (long id = cards; id >= 1 && wrongType < damage; id--) {
      if (id % 10 != 0 && 1 + id % 3 == carrierWithoutPackage) {
        redis.opsForZSet().add(key(id, TaskType.PACKAGE), Long.toString(id), now + 7_200);
        wrongType++;
      }
    }
    return new Damage(missing, stray, wrongType);
  }

  private static String key(long cardId, TaskType type) {
    return RedisKeys.shardQueue((int) (cardId % 16), type);
  }
}
