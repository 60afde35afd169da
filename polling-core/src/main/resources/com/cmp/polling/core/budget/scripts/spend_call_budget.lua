-- Spends one call of a carrier account's budget, shared by every process: a counter of the current
-- second and a counter per UTC day. The second is the Redis server's (TIME), so that processes on
-- skewed clocks share one window, as the rate limiter's slots do; the day's key is chosen by the
-- caller from its own clock (a skew of seconds moves only the calls at midnight). The call is
-- refused, and nothing spent, when either counter has already reached what this spender may use
-- of it (regular checks a smaller share than manual checks and stop/resume actions).
--
-- KEYS[1]  the account's counter of the current second (HASH: second = the server's epoch second
--          it counts, count = calls spent in it)
-- KEYS[2]  the account's counter of this day
-- ARGV[1]  calls this spender may have spent in this second (the counter's ceiling)
-- ARGV[2]  calls this spender may have spent today; -1: no daily limit
-- ARGV[3]  lifetime of the second's counter in milliseconds
-- ARGV[4]  lifetime of the day's counter in seconds
-- Returns  0 when spent, 1 when refused because the second is spent, 2 when the day is spent
local now = redis.call('TIME')[1]
local counted = redis.call('HMGET', KEYS[1], 'second', 'count')
local second = 0
if counted[1] == now then
  second = tonumber(counted[2] or '0')
end
if second >= tonumber(ARGV[1]) then
  return 1
end
local dayLimit = tonumber(ARGV[2])
if dayLimit >= 0 then
  local day = tonumber(redis.call('GET', KEYS[2]) or '0')
  if day >= dayLimit then
    return 2
  end
end
redis.call('HSET', KEYS[1], 'second', now, 'count', second + 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[2], ARGV[4])
return 0
