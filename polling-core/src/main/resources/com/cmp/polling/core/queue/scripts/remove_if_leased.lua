-- Removes the listed members whose score is still exactly the lease the caller wrote: their work
-- is done (a manual trigger whose task Kafka acknowledged). A member whose score changed since —
-- a new trigger made it due again — stays.
--
-- KEYS[1]  a sorted set whose members were leased (score = lease deadline, unix seconds)
-- ARGV[1]  the lease deadline the caller wrote, as it wrote it
-- ARGV[2…] the members
-- Returns  how many members were removed
local lease = tonumber(ARGV[1])
local removed = 0
for i = 2, #ARGV do
  local score = redis.call('ZSCORE', KEYS[1], ARGV[i])
  if score and tonumber(score) == lease then
    removed = removed + redis.call('ZREM', KEYS[1], ARGV[i])
  end
end
return removed
