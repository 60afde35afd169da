-- A check handler claims the tasks it is about to run. A task is current while its card's score
-- is still exactly the lease deadline its scheduler wrote (and put in the task): then the lease is
-- moved on to the given deadline, so that the scheduler cannot lease the card again while the
-- check runs. Any other score — or none — means the task was superseded since it was published:
-- the card was completed, leased again (its next task is on its way), rescheduled or removed, and
-- the task must be dropped without calling the carrier. A card listed twice is claimed at most
-- once: its second entry finds the new deadline.
--
-- KEYS[1]  the shard queue
-- ARGV[1]  the new lease deadline (unix seconds)
-- ARGV[2…] pairs: the lease deadline the task carries (unix seconds, as the scheduler wrote it),
--          card id (member)
-- Returns  an array with 1 (current, claimed) or 0 (superseded) per pair, in order
local result = {}
for i = 2, #ARGV, 2 do
  local score = redis.call('ZSCORE', KEYS[1], ARGV[i + 1])
  if score and tonumber(score) == tonumber(ARGV[i]) then
    redis.call('ZADD', KEYS[1], 'XX', ARGV[1], ARGV[i + 1])
    result[#result + 1] = 1
  else
    result[#result + 1] = 0
  end
end
return result
