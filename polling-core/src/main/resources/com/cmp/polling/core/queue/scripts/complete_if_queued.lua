-- Ends a check: gives the card its next check time only if it is still in the queue. A card
-- removed while its check ran (deleted, polling disabled, task type switched off) stays out. A
-- card made due while its check ran (a status change asks for a check now) stays due: its lease
-- deadline lies ahead, so a score at or before now was written by someone else, and the change
-- must be looked at now rather than after a whole interval.
--
-- KEYS[1]  the shard queue
-- ARGV[1]  the card id (member)
-- ARGV[2]  its next check time (score, unix seconds)
-- ARGV[3]  now (unix seconds)
-- Returns  1 when the card got the new time, 2 when it stayed due, 0 when it was not in the queue
local current = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not current then
  return 0
end
if tonumber(current) <= tonumber(ARGV[3]) then
  return 2
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
return 1
