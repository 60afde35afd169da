-- Takes one of a task type's check permits, shared by every handler instance (a semaphore whose
-- permits expire, so a crashed holder cannot keep one forever).
--
-- KEYS[1]  the task type's permit set (ZSET: permit id scored by its expiry, milliseconds)
-- ARGV[1]  how many checks of that type may run at once
-- ARGV[2]  this permit's id
-- ARGV[3]  permit lifetime in milliseconds (longer than any check)
-- Returns  1 when the permit was taken, 0 when all are in use
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
  return 1
end
return 0
