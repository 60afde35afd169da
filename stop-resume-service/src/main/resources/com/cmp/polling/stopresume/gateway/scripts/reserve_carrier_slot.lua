-- Reserves the next slot of a carrier's rate limit, shared by every process (GCRA: the key holds
-- the theoretical time of the next free slot). Slots are spaced evenly, so calls never come in
-- bursts; time is the Redis server's, so processes on skewed clocks still agree.
--
-- KEYS[1]  the carrier's rate-limit key
-- ARGV[1]  slot spacing in microseconds (1 000 000 / calls per second)
-- ARGV[2]  longest acceptable wait in microseconds
-- Returns  microseconds to wait before calling, or -1 when the wait would be longer than
--          acceptable (then nothing is reserved)
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
local nextFree = tonumber(redis.call('GET', KEYS[1]) or '0')
local start = math.max(nextFree, now)
local wait = start - now
if wait > tonumber(ARGV[2]) then
  return -1
end
local after = start + tonumber(ARGV[1])
redis.call('SET', KEYS[1], string.format('%.0f', after), 'PX', math.ceil((after - now) / 1000) + 1000)
return wait
