-- Ends a check: gives the card its next check time only if it is still in the queue. A card
-- removed while its check ran (deleted, polling disabled, task type switched off) stays out.
--
-- KEYS[1]  the shard queue
-- ARGV[1]  the card id (member)
-- ARGV[2]  its next check time (score, unix seconds)
-- Returns  1 when the card was queued and got the new time, 0 when it was not in the queue
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
  return 1
end
return 0
