-- Gives up the lease on the budget computation if this instance still holds it, so that another
-- instance takes the computation over at its next run instead of after the lease's lifetime.
--
-- KEYS[1]  the lease key
-- ARGV[1]  this instance's id
-- Returns  1 when released, 0 when the lease was not this instance's
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
