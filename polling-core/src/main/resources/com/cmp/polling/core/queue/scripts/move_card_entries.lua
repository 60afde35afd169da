-- Moves cards between the task-type queues of one shard in one step, so that nobody ever sees a
-- card half moved: out of every queue, or already out of one it keeps, while a change of its
-- status, device or config is being applied. The caller planned each card first; here each
-- entry says which queue (its index in KEYS), what to do and with which card:
--   'lt'  in at the score, or moved sooner: an entry due earlier keeps its time; a lease (the
--         deadline of a check under way) gives way only to a sooner time, which supersedes the
--         check's task (its completion then finds the card due and leaves it due)
--   'nx'  in at the score only if absent: a time or a lease already there stays as it is
--   'rem' out of that queue (the score is not read)
--
-- KEYS[1…n] the queues of one shard, one per task type (one hash slot: their names share a tag)
-- ARGV      groups of four: queue index (1…n), operation, card id (member), score (unix seconds)
-- Returns   {entries added or moved, entries removed}
local written, removed = 0, 0
for i = 1, #ARGV, 4 do
  local key = KEYS[tonumber(ARGV[i])]
  local operation = ARGV[i + 1]
  if operation == 'rem' then
    removed = removed + redis.call('ZREM', key, ARGV[i + 2])
  elseif operation == 'lt' then
    written = written + redis.call('ZADD', key, 'LT', 'CH', ARGV[i + 3], ARGV[i + 2])
  elseif operation == 'nx' then
    written = written + redis.call('ZADD', key, 'NX', ARGV[i + 3], ARGV[i + 2])
  else
    return redis.error_reply('move_card_entries: unknown operation ' .. tostring(operation))
  end
end
return {written, removed}
