-- Extends a lock only for its owner: resets the key's TTL when it still holds the caller's token.
--
-- KEYS[1]  the lock key
-- ARGV[1]  the token the caller stored when it took the lock
-- ARGV[2]  the new time to live, in milliseconds
-- Returns  1 when the lock was extended, 0 when it was no longer the caller's
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
