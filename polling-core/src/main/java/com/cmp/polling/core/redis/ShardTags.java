package com.cmp.polling.core.redis;

import java.util.concurrent.atomic.AtomicReferenceArray;
import org.springframework.data.redis.connection.ClusterSlotHashUtil;

/**
 * The hash tag of a shard's queue keys: {@code <shard>-<suffix>}, the suffix picked so that the tag
 * lands in a chosen Redis Cluster slot. All task types of a shard share the tag (one slot, so one
 * script can move a card between them), and the shards' slots spread evenly over the 16384: a
 * cluster splits the slots into contiguous ranges, one per master, so evenly spread slots give
 * every master an even share of every task type's shards.
 *
 * <p>The slot of shard {@code n} is the bit reversal of {@code n} over the 14 bits of a slot
 * number, plus 512: shards 0 … 15 take the middles of the sixteen 1024-slot sixteenths, (k + ½) ×
 * 1024 (shard 0 the first, shard 1 the ninth, shard 2 the fifth, shard 3 the thirteenth, …), so
 * that any number of masters holds 16 shards as evenly as 16 divides. The first 2<sup>k</sup>
 * shards always fill evenly spaced slots, so every power-of-two shard count spreads as well, and
 * any other count nearly so. The tag depends on the shard alone, never on the shard count, and the
 * search below is fixed: the names are the ones existing queues carry.
 */
final class ShardTags {

  private static final int SLOTS = 16384;
  private static final String DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";
  private static final int MAX_SUFFIX_LENGTH = 4;
  private static final AtomicReferenceArray<String> TAGS = new AtomicReferenceArray<>(1024);

  private ShardTags() {}

  /** The tag of {@code shard}'s queue keys, found once and kept. */
  static String of(int shard) {
    if (shard < 0) {
      throw new IllegalArgumentException("shard must not be negative, was " + shard);
    }
    if (shard >= TAGS.length()) {
      return find(shard);
    }
    String tag = TAGS.get(shard);
    if (tag == null) {
      tag = find(shard);
      TAGS.set(shard, tag);
    }
    return tag;
  }

  /** The slot shard {@code shard}'s keys live in. */
  static int slotOf(int shard) {
    int reversed = Integer.reverse(shard % SLOTS) >>> (Integer.SIZE - 14);
    return (reversed + SLOTS / 32) % SLOTS;
  }

  /** The first suffix, shortest first and then in {@link #DIGITS} order, that hits the slot. */
  private static String find(int shard) {
    int slot = slotOf(shard);
    String prefix = shard + "-";
    for (int length = 1; length <= MAX_SUFFIX_LENGTH; length++) {
      char[] suffix = new char[length];
      int[] digits = new int[length];
      for (long n = 0, count = pow(DIGITS.length(), length); n < count; n++) {
        for (int i = 0; i < length; i++) {
          suffix[i] = DIGITS.charAt(digits[i]);
        }
        String tag = prefix + new String(suffix);
        if (ClusterSlotHashUtil.calculateSlot(tag) == slot) {
          return tag;
        }
        increment(digits);
      }
    }
    throw new IllegalStateException("no tag of shard " + shard + " hits slot " + slot);
  }

  /** The next suffix in order: the last digit counts fastest. */
  private static void increment(int[] digits) {
    for (int i = digits.length - 1; i >= 0; i--) {
      if (++digits[i] < DIGITS.length()) {
        return;
      }
      digits[i] = 0;
    }
  }

  private static long pow(int base, int exponent) {
    long result = 1;
    for (int i = 0; i < exponent; i++) {
      result *= base;
    }
    return result;
  }
}
