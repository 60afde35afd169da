-- Moves manual triggers left in the old LIST (polling:manual:{type}, written by versions before
-- the trigger set) into the trigger set, due now; run at the scheduler's start until the list is
-- gone. One script, so that no trigger is ever out of both keys (the set is tagged with the
-- list's name: one hash slot). A card already waiting in the set keeps its earlier trigger time;
-- a leased one becomes due again (LT).
--
-- KEYS[1]  the old manual LIST
-- KEYS[2]  the manual trigger set (ZSET: member = card id, score = trigger time, unix seconds)
-- ARGV[1]  now (unix seconds): the trigger time given to moved cards
-- ARGV[2]  most entries moved by one call
-- Returns  how many entries were moved
if redis.call('EXISTS', KEYS[1]) == 0 then
  return 0
end
local ids = redis.call('LPOP', KEYS[1], tonumber(ARGV[2]))
if not ids then
  return 0
end
-- Chunks of 3500 cards keep unpack() within Lua's limit (~8000 values).
local chunk = 3500
for first = 1, #ids, chunk do
  local args = {}
  for i = first, math.min(first + chunk - 1, #ids) do
    args[#args + 1] = ARGV[1]
    args[#args + 1] = ids[i]
  end
  redis.call('ZADD', KEYS[2], 'LT', unpack(args))
end
return #ids
