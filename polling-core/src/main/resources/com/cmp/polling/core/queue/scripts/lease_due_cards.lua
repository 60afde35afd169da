-- Leases the due cards of one or more queues of one shard (its task types share a hash slot):
-- takes the members of each queue whose score (next check time) is due and moves their score, in
-- place, to the lease deadline. A card whose check is never completed therefore comes due again
-- when the lease ends: nothing is ever removed here, so nothing can be lost between this call and
-- the handler's completion. One call for several queues is one round trip for all of them, which
-- is most of what a scheduling round costs when little is due.
--
-- KEYS[1…n] sorted sets: member = card id, score = next check (unix seconds)
-- ARGV[1]   now (unix seconds): members with score <= now are due; future members are untouched
-- ARGV[2]   batch size per queue, at most 7000 (the caller enforces it)
-- ARGV[3]   lease deadline (unix seconds): the new score of every member returned
-- Returns   one array per key, in KEYS order, each flat: card id, previous score, card id,
--           previous score, ... in due order
local deadline = ARGV[3]
-- One ZADD XX re-scores a whole chunk. A chunk holds at most 3500 members, i.e. 7000 arguments:
-- Lua's unpack() fails beyond ~8000 values (LUAI_MAXCSTACK), so a 7000-card batch takes two.
local chunk = 3500
local leased = {}
for k = 1, #KEYS do
  local due = redis.call('ZRANGEBYSCORE', KEYS[k], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0,
    tonumber(ARGV[2]))
  for first = 1, #due, 2 * chunk do
    local args = {}
    local last = math.min(first + 2 * chunk - 1, #due)
    for i = first, last, 2 do
      args[#args + 1] = deadline
      args[#args + 1] = due[i]
    end
    redis.call('ZADD', KEYS[k], 'XX', unpack(args))
  end
  leased[k] = due
end
return leased
