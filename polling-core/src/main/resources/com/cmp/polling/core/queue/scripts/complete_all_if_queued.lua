-- complete_if_queued.lua for many cards of one shard queue: each card still queued gets its next
-- check time unless it was made due while it was checked; cards no longer queued stay out. A card
-- listed twice gets its later entry. Two calls per chunk (ZMSCORE, then one ZADD of the cards to
-- move) rather than two per card: completions share Redis with the scheduler's leases.
--
-- KEYS[1]  the shard queue
-- ARGV[1]  now (unix seconds)
-- ARGV[2…] pairs: next check time (score), card id (member)
-- Returns  how many of the listed entries found their card still queued
local now = tonumber(ARGV[1])
local pairs_count = (#ARGV - 1) / 2
local queued = 0
-- Chunks of 3500 cards keep unpack() within Lua's limit (~8000 values) for the ZADD's 7000.
local chunk = 3500
for first = 0, pairs_count - 1, chunk do
  local last = math.min(first + chunk, pairs_count) - 1
  local members = {}
  for k = first, last do
    members[#members + 1] = ARGV[3 + 2 * k]
  end
  local scores = redis.call('ZMSCORE', KEYS[1], unpack(members))
  local moves = {}
  for k = first, last do
    local current = scores[k - first + 1]
    if current then
      queued = queued + 1
      if tonumber(current) > now then
        moves[#moves + 1] = ARGV[2 + 2 * k]
        moves[#moves + 1] = ARGV[3 + 2 * k]
      end
    end
  end
  if #moves > 0 then
    redis.call('ZADD', KEYS[1], 'XX', unpack(moves))
  end
end
return queued
