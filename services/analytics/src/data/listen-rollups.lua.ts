// Keys are built in the scripts from the prefix, which a single Redis allows (a Redis Cluster
// would need them declared and in one hash slot).

/**
 * Joins the byte ranges kept in a cover hash (`state[1]`, `first-last,…`) with those handed over
 * (`incoming`): `covered`, the distinct bytes, and `parts`, the merged ranges to keep.
 */
const MERGE_RANGES = `
local ranges = {}
if state[1] then
  for a, b in string.gmatch(state[1], '(%d+)-(%d+)') do ranges[#ranges + 1] = { tonumber(a), tonumber(b) } end
end
for a, b in string.gmatch(incoming, '(%d+)-(%d+)') do ranges[#ranges + 1] = { tonumber(a), tonumber(b) } end
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
`;

/**
 * One more in an entity's rollups (`p` the prefix): its day and month, each breakdown field of
 * both, its unique listeners of both, its all-time total.
 */
const COUNT_IN = `
local function countIn(entity, fields, day, month, listener, monthListener)
  local e = p .. ':' .. entity
  redis.call('HINCRBY', e .. ':days', day, 1)
  redis.call('HINCRBY', e .. ':months', month, 1)
  for _, f in ipairs(fields) do
    redis.call('HINCRBY', e .. ':day:' .. day, f, 1)
    redis.call('HINCRBY', e .. ':month:' .. month, f, 1)
  end
  redis.call('PFADD', e .. ':lis:' .. day, listener)
  redis.call('PFADD', e .. ':lism:' .. month, monthListener)
  redis.call('HINCRBY', p .. ':totals', entity, 1)
end
`;

/**
 * The Lua the listen rollups run in Redis, each step atomic (a record handed over twice changes
 * nothing the second time): one audio request that may count, or several of one listener with the
 * same attributes. Their byte ranges join the listener's ranges for the episode on the day; when
 * the distinct bytes covered first reach the threshold, the download is counted, once, in every
 * rollup. ARGV: prefix, day, month, hour, show, episode, listener, month listener, ranges
 * (`first-last,first-last`), threshold, app, device, os, country, days since published (-1
 * unknown), ttl, premium (1: served to a member, also counted under `m:<show>`; absent: 0).
 */
export const APPLY_LISTEN = `
local p = ARGV[1]
${COUNT_IN}
local cover = p .. ':cover:' .. ARGV[2] .. ':' .. ARGV[6] .. ':' .. ARGV[7]
local incoming = ARGV[9]
local state = redis.call('HMGET', cover, 'r', 'c')
if state[2] then return 0 end
${MERGE_RANGES}
if covered < tonumber(ARGV[10]) then
  redis.call('HSET', cover, 'r', table.concat(parts, ','))
  redis.call('EXPIRE', cover, ARGV[16])
  return 0
end
redis.call('HSET', cover, 'c', '1')
redis.call('HDEL', cover, 'r')
redis.call('EXPIRE', cover, ARGV[16])
local fields = { 'h:' .. ARGV[4], 'a:' .. ARGV[11], 'd:' .. ARGV[12], 'o:' .. ARGV[13], 'c:' .. ARGV[14] }
local entities = { 'n', 's:' .. ARGV[5], 'e:' .. ARGV[6] }
if ARGV[17] == '1' then entities[4] = 'm:' .. ARGV[5] end
for _, entity in ipairs(entities) do countIn(entity, fields, ARGV[2], ARGV[3], ARGV[7], ARGV[8]) end
redis.call('ZINCRBY', p .. ':top:s:' .. ARGV[3], 1, ARGV[5])
redis.call('ZINCRBY', p .. ':top:e:' .. ARGV[3], 1, ARGV[6])
local eps = p .. ':s:' .. ARGV[5] .. ':eps'
redis.call('HINCRBY', eps, ARGV[6] .. ':all', 1)
local since = tonumber(ARGV[15])
if since >= 0 and since < 30 then redis.call('HINCRBY', eps, ARGV[6] .. ':30', 1) end
if since >= 0 and since < 7 then redis.call('HINCRBY', eps, ARGV[6] .. ':7', 1) end
return 1
`;

/**
 * One creative's bytes in one request of a listener's file (or several requests alike): they join
 * what the listener had of that creative at that place in the episode on the day; when every byte
 * of it has been had, it is delivered, once, in the campaign's, the campaign creative's and the
 * show's ad rollups (the same layout as the downloads'). ARGV: prefix, day, month, hour, campaign,
 * creative, position, show, episode, listener, month listener, the creative's first byte in the
 * file, its end (exclusive), ranges within it (`first-last,…`), app, os, country, ttl.
 */
export const APPLY_AD = `
local p = ARGV[1]
${COUNT_IN}
local cover = p .. ':adcover:' .. ARGV[2] .. ':' .. ARGV[9] .. ':' .. ARGV[10] .. ':' .. ARGV[5] .. ':' .. ARGV[12]
local incoming = ARGV[14]
local state = redis.call('HMGET', cover, 'r', 'c')
if state[2] then return 0 end
${MERGE_RANGES}
if covered < tonumber(ARGV[13]) - tonumber(ARGV[12]) then
  redis.call('HSET', cover, 'r', table.concat(parts, ','))
  redis.call('EXPIRE', cover, ARGV[18])
  return 0
end
redis.call('HSET', cover, 'c', '1')
redis.call('HDEL', cover, 'r')
redis.call('EXPIRE', cover, ARGV[18])
local fields = {
  'h:' .. ARGV[4], 'g:' .. ARGV[5], 'k:' .. ARGV[6], 'p:' .. ARGV[7], 's:' .. ARGV[8], 'e:' .. ARGV[9],
  'a:' .. ARGV[15], 'o:' .. ARGV[16], 'c:' .. ARGV[17]
}
local entities = { 'ad:' .. ARGV[5], 'ak:' .. ARGV[5] .. ':' .. ARGV[6], 'as:' .. ARGV[8] }
for _, entity in ipairs(entities) do countIn(entity, fields, ARGV[2], ARGV[3], ARGV[10], ARGV[11]) end
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

/**
 * Everything a range's figures need from one entity, in one step: its downloads on each day, the
 * breakdown hashes of whole months and other days summed field by field, unique listeners per
 * period (settled periods counted once and kept), and its all-time total. ARGV: prefix, entity,
 * the unit of the series (`days`, or `months` when the range is whole months), then four lists
 * each led by its length (series periods, whole months, other days, listener periods) with the
 * listener unit (`lis` or `lism`) and the first open period between the third and the fourth.
 */
export const READ_FIGURES = `
local p = ARGV[1]
local e = p .. ':' .. ARGV[2]
local series = ARGV[3]
local at = 4
local function list()
  local n = tonumber(ARGV[at])
  local out = {}
  for k = 1, n do out[k] = ARGV[at + k] end
  at = at + n + 1
  return out
end
local days = list()
local months = list()
local edges = list()
local unit = ARGV[at]
local closedBefore = ARGV[at + 1]
at = at + 2
local periods = list()

local daily = {}
if #days > 0 then
  local raw = redis.call('HMGET', e .. ':' .. series, unpack(days))
  for k = 1, #days do daily[k] = tonumber(raw[k] or 0) or 0 end
end

local sums = {}
local order = {}
local function add(key)
  local flat = redis.call('HGETALL', key)
  for k = 1, #flat, 2 do
    local field = flat[k]
    if not sums[field] then
      sums[field] = 0
      order[#order + 1] = field
    end
    sums[field] = sums[field] + tonumber(flat[k + 1])
  end
end
for _, month in ipairs(months) do add(e .. ':month:' .. month) end
for _, day in ipairs(edges) do add(e .. ':day:' .. day) end
local breakdown = {}
for _, field in ipairs(order) do
  breakdown[#breakdown + 1] = field
  breakdown[#breakdown + 1] = sums[field]
end

local listeners = {}
local settled = e .. ':' .. unit .. ':settled'
for k, period in ipairs(periods) do
  local key = e .. ':' .. unit .. ':' .. period
  if period < closedBefore then
    local kept = redis.call('HGET', settled, period)
    if not kept then
      kept = redis.call('PFCOUNT', key)
      redis.call('HSET', settled, period, kept)
    end
    listeners[k] = tonumber(kept)
  else
    listeners[k] = redis.call('PFCOUNT', key)
  end
end

local total = tonumber(redis.call('HGET', p .. ':totals', ARGV[2]) or '0')
return { daily, breakdown, listeners, total }
`;
