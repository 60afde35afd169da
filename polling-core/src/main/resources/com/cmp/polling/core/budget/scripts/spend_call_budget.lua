-- Spends one call of a carrier account's budget, shared by every process: a counter per second
-- (the window the caller's clock is in) and a counter per UTC day. The call is refused, and
-- nothing spent, when either counter has already reached what this spender may use of it (regular
-- checks a smaller share than manual checks and stop/resume actions).
--
-- KEYS[1]  the account's counter of this second
-- KEYS[2]  the account's counter of this day
-- ARGV[1]  calls this spender may have spent in this second (the counter's ceiling)
-- ARGV[2]  calls this spender may have spent today; -1: no daily limit
-- ARGV[3]  lifetime of the second's counter in milliseconds
-- ARGV[4]  lifetime of the day's counter in seconds
-- Returns  0 when spent, 1 when refused because the second is spent, 2 when the day is spent
local second = tonumber(redis.call('GET', KEYS[1]) or '0')
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
redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[2], ARGV[4])
return 0
