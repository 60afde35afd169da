-- The hand-written lock release that OperationLocks used before RedisLockRegistry, kept as the
-- baseline of OperationLockBenchmark.
--
-- Releases a lock only for its owner: deletes the key when it still holds the caller's token.
-- A plain DEL could release a lock that expired and was taken by someone else meanwhile.
--
-- KEYS[1]  the lock key
-- ARGV[1]  the token the caller stored when it took the lock
-- Returns  1 when the lock was released, 0 when it was no longer the caller's
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
