-- The reconciler takes entries that should not be there out of a shard queue, but only as it read
-- them: each listed member is removed only while its score is still exactly the one the reconciler
-- read. A member whose score changed since (leased by the scheduler, completed by a handler,
-- rescheduled or added again by the change stream) stays, and so does whatever decided that.
--
-- KEYS[1]  the shard queue
-- ARGV[1…] pairs: the score as read (unix seconds), card id (member)
-- Returns  an array with 1 (removed) or 0 (changed or gone since it was read) per pair, in order
local result = {}
for i = 1, #ARGV, 2 do
  local score = redis.call('ZSCORE', KEYS[1], ARGV[i + 1])
  if score and tonumber(score) == tonumber(ARGV[i]) then
    redis.call('ZREM', KEYS[1], ARGV[i + 1])
    result[#result + 1] = 1
  else
    result[#result + 1] = 0
  end
end
return result
