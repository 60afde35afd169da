-- Gives leased members back before their lease ends, because their work certainly did not happen
-- (Kafka refused a manual trigger's task): each member whose score is still exactly the lease the
-- caller wrote gets the given score. A member whose score changed since is left as it is.
--
-- KEYS[1]  a sorted set whose members were leased (score = lease deadline, unix seconds)
-- ARGV[1]  the lease deadline the caller wrote, as it wrote it
-- ARGV[2]  the score given back (unix seconds), usually now: due at once
-- ARGV[3…] the members
-- Returns  how many members were given back
local lease = tonumber(ARGV[1])
local released = 0
for i = 3, #ARGV do
  local score = redis.call('ZSCORE', KEYS[1], ARGV[i])
  if score and tonumber(score) == lease then
    redis.call('ZADD', KEYS[1], 'XX', ARGV[2], ARGV[i])
    released = released + 1
  end
end
return released
