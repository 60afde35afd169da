-- complete_if_queued.lua for many cards of one shard queue: each card still queued gets its next
-- check time unless it was made due while it was checked; cards no longer queued stay out. A card
-- listed twice gets its later entry.
--
-- KEYS[1]  the shard queue
-- ARGV[1]  now (unix seconds)
-- ARGV[2…] pairs: next check time (score), card id (member)
-- Returns  how many of the listed entries found their card still queued
local now = tonumber(ARGV[1])
local queued = 0
for i = 2, #ARGV, 2 do
  local current = redis.call('ZSCORE', KEYS[1], ARGV[i + 1])
  if current then
    queued = queued + 1
    if tonumber(current) > now then
      redis.call('ZADD', KEYS[1], ARGV[i], ARGV[i + 1])
    end
  end
end
return queued
