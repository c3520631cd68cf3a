import { SEARCH_TYPES, type SearchType } from '@podz/proto';
import type { Checkpoints, EngineHit, EngineQuery, IndexEntry, SearchEngine, Viewer } from './search-engine';
import type { SearchDocument } from './search-document';
import { foldTerm } from './fold-term';
import { FOLLOWERS_WEIGHT, fuzziness, indexed, RECENCY, TYPE_OF, TYPES } from './indexed-fields';
import { indexDefinition, STATE_DEFINITION } from './opensearch-mappings';

type Found = { total: number; hits: EngineHit[] };

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/**
 * Marks around a matched word in OpenSearch's highlights: private-use characters no text of ours
 * holds (OpenSearch drops control characters from its tags).
 */
const MARK_OPEN = '\uE000';
const MARK_CLOSE = '\uE001';
const MARKED = /\uE000([^\uE001]*)\uE001/g;
const STATE_ID = 'follower';

/** A change-stream id (`<ms>-<seq>`) as an external version: newer changes have larger versions. */
export function versionOf(streamId: string): string {
  const [ms = '0', seq = '0'] = streamId.split('-');
  return (BigInt(ms) * 1_048_576n + BigInt(seq)).toString();
}

export class OpenSearchUnavailable extends Error {}

/**
 * The OpenSearch engine: one index per type that every instance shares (mapping in
 * `opensearch-mappings.ts`), written in bulk with the change's stream id as an external version so
 * that when two instances race, the newest change wins; searched with the same words, weights,
 * typo allowance, filters and boosts as the embedded index.
 */
export class OpenSearchIndex implements SearchEngine {
  readonly checkpoints: Checkpoints;

  constructor(
    private readonly url: string,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {
    this.checkpoints = {
      resume: async (usable) => {
        await this.ensureIndexes();
        const state = await this.call('GET', `/${this.stateIndex}/_doc/${STATE_ID}`, undefined, [404]);
        const streamId = (state as { _source?: { streamId?: string } })._source?.streamId;
        if (streamId && (await usable(streamId))) return streamId;
        // Too far behind to catch up from the stream: start again from every document.
        await this.dropIndexes();
        await this.ensureIndexes();
        return null;
      },
      save: async (streamId) => {
        await this.call('PUT', `/${this.stateIndex}/_doc/${STATE_ID}`, { streamId });
      },
    };
  }

  private indexOf(type: SearchType): string {
    return `${this.prefix}-${type}`;
  }

  private get stateIndex(): string {
    return `${this.prefix}-state`;
  }

  /** Creates the indexes that are missing (another instance may be creating them at once). */
  async ensureIndexes(): Promise<void> {
    const wanted = [
      ...SEARCH_TYPES.map((type) => [this.indexOf(type), indexDefinition(type)] as const),
      [this.stateIndex, STATE_DEFINITION] as const,
    ];
    for (const [name, definition] of wanted) {
      const res = await this.request('PUT', `/${name}`, definition);
      if (res.ok) continue;
      const body = (await res.json().catch(() => ({}))) as { error?: { type?: string } };
      if (body.error?.type !== 'resource_already_exists_exception') {
        throw new OpenSearchUnavailable(`creating ${name}: ${res.status} ${JSON.stringify(body)}`);
      }
    }
  }

  /** Removes this deployment's indexes (a rebuild from scratch, and tests). */
  async dropIndexes(): Promise<void> {
    const names = [...SEARCH_TYPES.map((type) => this.indexOf(type)), this.stateIndex].join(',');
    await this.call('DELETE', `/${names}?ignore_unavailable=true`);
  }

  async apply(entries: IndexEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const lines: string[] = [];
    for (const { key, doc, cues, change } of entries) {
      const [kind, id] = key.split(':') as [SearchDocument['kind'], string];
      const target = `"_index":${JSON.stringify(this.indexOf(TYPE_OF[kind]))},"_id":${JSON.stringify(id)}`;
      // The version is written as digits: it is larger than a JSON number keeps exactly.
      const versioned = `${target},"version":${versionOf(change)},"version_type":"external_gte"`;
      if (doc) {
        const { id: _id, ...source } = indexed(doc, cues);
        lines.push(`{"index":{${versioned}}}`, JSON.stringify(source));
      } else {
        lines.push(`{"delete":{${versioned}}}`);
      }
    }
    const body = (await this.call('POST', '/_bulk', `${lines.join('\n')}\n`)) as BulkAnswer;
    if (!body.errors) return;
    // A newer version already there (409) or a document already gone (404) is what racing wants.
    const failed = body.items
      .map((item) => Object.values(item)[0])
      .filter((result) => result && result.status >= 300 && result.status !== 409 && result.status !== 404);
    if (failed.length > 0) {
      throw new OpenSearchUnavailable(`bulk: ${failed.length} failed, first ${JSON.stringify(failed[0])}`);
    }
  }

  async search(query: EngineQuery): Promise<Found> {
    const words = [...query.text.matchAll(WORD)].flatMap((match) => foldTerm(match[0]) ?? []);
    if (words.length === 0) return { total: 0, hits: [] };
    const all = await this.run(query, words, 'must');
    return all.total > 0 ? all : this.run(query, words, 'should');
  }

  private async run(query: EngineQuery, words: string[], combine: 'must' | 'should'): Promise<Found> {
    const { fields, asYouType } = TYPES[query.type];
    const weighted = Object.entries(fields).map(([field, weight]) => `${field}^${weight}`);
    const clauses = words.map((word, n) => {
      const fuzzy = fuzziness(word);
      const match = {
        multi_match: { query: word, fields: weighted, ...(fuzzy ? { fuzziness: fuzzy } : {}) },
      };
      if (n < words.length - 1 || word.length < 2) return match;
      // As you type, the last word is also a prefix: of the name or title through its edge
      // n-grams, of the other fields through their first 50 expansions.
      const asYouTypeFields = [asYouType, `${asYouType}._2gram`, `${asYouType}._3gram`];
      const prefixes = [
        {
          multi_match: {
            query: word,
            type: 'bool_prefix',
            fields: asYouTypeFields.map((f) => `${f}^${fields[asYouType]}`),
          },
        },
        {
          multi_match: {
            query: word,
            type: 'phrase_prefix',
            fields: weighted.filter((f) => !f.startsWith(`${asYouType}^`)),
          },
        },
      ];
      return { bool: { should: [match, ...prefixes], minimum_should_match: 1 } };
    });
    const filter = [
      ...(query.category
        ? [{ term: { [query.type === 'episodes' ? 'categories' : 'category']: query.category } }]
        : []),
      ...(query.language ? [{ term: { language: query.language } }] : []),
      ...visibility(query.viewer),
    ];
    const matching = {
      bool: { [combine]: clauses, filter, ...(combine === 'should' ? { minimum_should_match: 1 } : {}) },
    };
    const body = {
      from: query.offset,
      size: query.limit,
      track_total_hits: true,
      _source: false,
      query: this.boosted(query.type, matching),
      highlight: {
        pre_tags: [MARK_OPEN],
        post_tags: [MARK_CLOSE],
        require_field_match: false,
        // Marks whole words: each word (with its typos) and the last as a prefix, in every field
        // (the as-you-type subfields would mark whole shingles).
        highlight_query: {
          bool: {
            should: [
              ...words.map((word) => ({
                multi_match: { query: word, fields: Object.keys(fields), ...fuzzyOf(word) },
              })),
              { multi_match: { query: words.at(-1), type: 'phrase_prefix', fields: Object.keys(fields) } },
            ],
          },
        },
        fields: Object.fromEntries(
          Object.keys(fields).map((field) => [field, { number_of_fragments: 3, fragment_size: 150 }]),
        ),
      },
    };
    const answer = (await this.call('POST', `/${this.indexOf(query.type)}/_search`, body)) as SearchAnswer;
    return {
      total: answer.hits.total.value,
      hits: answer.hits.hits.map((hit) => ({
        id: hit._id,
        score: hit._score,
        terms: markedTerms(hit.highlight),
      })),
    };
  }

  /** The same gentle boosts as the embedded index: followers for shows, recency for episodes. */
  private boosted(type: SearchType, query: object): object {
    if (type === 'people') return query;
    const boost =
      type === 'shows'
        ? {
            field_value_factor: { field: 'followerCount', modifier: 'log1p', missing: 0 },
            weight: FOLLOWERS_WEIGHT,
          }
        : {
            exp: { publishedAt: { origin: this.now(), scale: `${RECENCY.halfLifeDays}d`, decay: 0.5 } },
            weight: RECENCY.weight,
          };
    return {
      function_score: { query, functions: [{ weight: 1 }, boost], score_mode: 'sum', boost_mode: 'multiply' },
    };
  }

  private request(method: string, path: string, body?: unknown): Promise<Response> {
    const ndjson = typeof body === 'string';
    return fetch(`${this.url}${path}`, {
      method,
      headers:
        body === undefined ? {} : { 'content-type': ndjson ? 'application/x-ndjson' : 'application/json' },
      ...(body === undefined ? {} : { body: ndjson ? body : JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    }).catch((err: unknown) => {
      throw new OpenSearchUnavailable(`OpenSearch at ${this.url} did not answer ${method} ${path}`, {
        cause: err,
      });
    });
  }

  private async call(
    method: string,
    path: string,
    body?: unknown,
    accepted: number[] = [],
  ): Promise<unknown> {
    const res = await this.request(method, path, body);
    if (!res.ok && !accepted.includes(res.status)) {
      throw new OpenSearchUnavailable(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 500)}`);
    }
    return res.json();
  }
}

/** What only managers may find: for everyone else, documents without `managers`; admins see all. */
function visibility(viewer: Viewer | undefined): object[] {
  if (viewer?.admin) return [];
  const everyone = { bool: { must_not: { exists: { field: 'managers' } } } };
  if (!viewer) return [everyone];
  return [{ bool: { should: [everyone, { term: { managers: viewer.id } }], minimum_should_match: 1 } }];
}

function fuzzyOf(word: string): { fuzziness?: number } {
  const fuzzy = fuzziness(word);
  return fuzzy ? { fuzziness: fuzzy } : {};
}

/** The folded words OpenSearch marked in a hit's highlights: what the results mark in their text. */
function markedTerms(highlight: Record<string, string[]> | undefined): string[] {
  const terms = new Set<string>();
  for (const fragments of Object.values(highlight ?? {})) {
    for (const fragment of fragments) {
      for (const [, marked = ''] of fragment.matchAll(MARKED)) {
        for (const word of marked.matchAll(WORD)) {
          const folded = foldTerm(word[0]);
          if (folded) terms.add(folded);
        }
      }
    }
  }
  return [...terms];
}

interface BulkAnswer {
  errors: boolean;
  items: Record<string, { status: number; error?: unknown }>[];
}

interface SearchAnswer {
  hits: {
    total: { value: number };
    hits: { _id: string; _score: number; highlight?: Record<string, string[]> }[];
  };
}
