-- Takes up to a number of a task type's check permits, shared by every handler instance (a
-- semaphore whose permits expire, so a crashed holder cannot keep them forever). A poll of many
-- tasks takes its permits in one call; what is free is taken, the rest is left to wait.
--
-- KEYS[1]  the task type's permit set (ZSET: permit id scored by its expiry, milliseconds)
-- ARGV[1]  how many checks of that type may run at once
-- ARGV[2]  permit lifetime in milliseconds (longer than any check, or slice of a poll)
-- ARGV[3]  prefix of the permit ids: the permits taken are <prefix>1 .. <prefix>n
-- ARGV[4]  how many permits are wanted
-- Returns  n, how many were taken (0 when all are in use)
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local free = tonumber(ARGV[1]) - redis.call('ZCARD', KEYS[1])
local taken = math.min(free, tonumber(ARGV[4]))
if taken <= 0 then
  return 0
end
local expiry = now + tonumber(ARGV[2])
-- ZADD in slices: a Lua call takes a bounded number of arguments.
local slice = {}
for i = 1, taken do
  slice[#slice + 1] = expiry
  slice[#slice + 1] = ARGV[3] .. i
  if #slice == 1000 or i == taken then
    redis.call('ZADD', KEYS[1], unpack(slice))
    slice = {}
  end
end
return taken
