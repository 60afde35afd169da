-- One step of a scan of a shard queue that the reconciler spreads over many passes: ZSCAN from a
-- cursor kept between calls (a plain Redis client starts every scan at 0). A scan that goes from
-- cursor 0 back to 0 returns every member present all along at least once, however long it takes
-- and whatever is added or removed meanwhile.
--
-- KEYS[1]  the shard queue
-- ARGV[1]  the cursor (0 to start)
-- ARGV[2]  how many members to look at (a hint: Redis may return more or fewer)
-- Returns  {next cursor (0 at the end), {member, score, member, score, ...}}
return redis.call('ZSCAN', KEYS[1], ARGV[1], 'COUNT', ARGV[2])
