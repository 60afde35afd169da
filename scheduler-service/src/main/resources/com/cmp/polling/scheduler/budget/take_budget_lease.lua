-- Takes, or keeps, the lease on the budget computation: free or already held by this instance,
-- it is (re)written with this instance's id and a fresh lifetime; held by another, it is left.
--
-- KEYS[1]  the lease key
-- ARGV[1]  this instance's id
-- ARGV[2]  the lease's lifetime in milliseconds
-- Returns  1 when this instance holds the lease, 0 when another does
local holder = redis.call('GET', KEYS[1])
if holder == false or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
