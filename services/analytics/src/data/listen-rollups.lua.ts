/**
 * The Lua the listen rollups run in Redis: each record applied in one atomic step, so a record
 * handed over twice (a redelivery after a crash) changes nothing the second time. Keys are built
 * in the scripts from the prefix, which a single Redis allows (a Redis Cluster would need them
 * declared and in one hash slot).
 */

/**
 * One audio request that may count. Its byte range joins the listener's ranges for the episode on
 * the day; when the distinct bytes covered first reach the threshold, the download is counted, once,
 * in every rollup. ARGV: prefix, day, month, hour, show, episode, listener, month listener, first
 * byte, last byte, threshold, app, device, os, country, days since published (-1 unknown), ttl.
 */
export const APPLY_LISTEN = `
local p = ARGV[1]
local cover = p .. ':cover:' .. ARGV[2] .. ':' .. ARGV[6] .. ':' .. ARGV[7]
local state = redis.call('HMGET', cover, 'r', 'c')
if state[2] then return 0 end
local ranges = {}
if state[1] then
  for a, b in string.gmatch(state[1], '(%d+)-(%d+)') do ranges[#ranges + 1] = { tonumber(a), tonumber(b) } end
end
ranges[#ranges + 1] = { tonumber(ARGV[9]), tonumber(ARGV[10]) }
table.sort(ranges, function(x, y) return x[1] < y[1] end)
local merged = {}
for _, r in ipairs(ranges) do
  local last = merged[#merged]
  if last and r[1] <= last[2] + 1 then
    if r[2] > last[2] then last[2] = r[2] end
  else
    merged[#merged + 1] = { r[1], r[2] }
  end
end
local covered = 0
local parts = {}
for i, r in ipairs(merged) do
  covered = covered + r[2] - r[1] + 1
  parts[i] = string.format('%d-%d', r[1], r[2])
end
if covered < tonumber(ARGV[11]) then
  redis.call('HSET', cover, 'r', table.concat(parts, ','))
  redis.call('EXPIRE', cover, ARGV[17])
  return 0
end
redis.call('HSET', cover, 'c', '1')
redis.call('HDEL', cover, 'r')
redis.call('EXPIRE', cover, ARGV[17])
local fields = { 'h:' .. ARGV[4], 'a:' .. ARGV[12], 'd:' .. ARGV[13], 'o:' .. ARGV[14], 'c:' .. ARGV[15] }
for _, entity in ipairs({ 'n', 's:' .. ARGV[5], 'e:' .. ARGV[6] }) do
  local e = p .. ':' .. entity
  redis.call('HINCRBY', e .. ':days', ARGV[2], 1)
  redis.call('HINCRBY', e .. ':months', ARGV[3], 1)
  for _, f in ipairs(fields) do
    redis.call('HINCRBY', e .. ':day:' .. ARGV[2], f, 1)
    redis.call('HINCRBY', e .. ':month:' .. ARGV[3], f, 1)
  end
  redis.call('PFADD', e .. ':lis:' .. ARGV[2], ARGV[7])
  redis.call('PFADD', e .. ':lism:' .. ARGV[3], ARGV[8])
  redis.call('HINCRBY', p .. ':totals', entity, 1)
end
redis.call('ZINCRBY', p .. ':top:s:' .. ARGV[3], 1, ARGV[5])
redis.call('ZINCRBY', p .. ':top:e:' .. ARGV[3], 1, ARGV[6])
local eps = p .. ':s:' .. ARGV[5] .. ':eps'
redis.call('HINCRBY', eps, ARGV[6] .. ':all', 1)
local since = tonumber(ARGV[16])
if since >= 0 and since < 30 then redis.call('HINCRBY', eps, ARGV[6] .. ':30', 1) end
if since >= 0 and since < 7 then redis.call('HINCRBY', eps, ARGV[6] .. ':7', 1) end
return 1
`;

/**
 * One fetch of a show's feed: the fetcher joins the day's distinct fetchers, and an aggregator's
 * subscriber count keeps the day's highest. Both are idempotent by nature. ARGV: prefix, day,
 * show, fetcher hash, aggregator name, subscribers (-1 when the agent names none).
 */
export const APPLY_FEED_FETCH = `
local s = ARGV[1] .. ':s:' .. ARGV[3]
redis.call('PFADD', s .. ':fetchers:' .. ARGV[2], ARGV[4])
local subscribers = tonumber(ARGV[6])
if subscribers >= 0 then
  local key = s .. ':aggregators:' .. ARGV[2]
  local known = tonumber(redis.call('HGET', key, ARGV[5]) or '-1')
  if subscribers > known then redis.call('HSET', key, ARGV[5], subscribers) end
end
return 0
`;
