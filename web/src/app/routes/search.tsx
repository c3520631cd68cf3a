import {
  EPISODE_CATEGORIES,
  LANGUAGE_PATTERN,
  SEARCH_PAGE_SIZE,
  SEARCH_RESULTS_MAX,
  SEARCH_TYPES,
  type Category,
  type Episode,
  type Highlight,
  type SearchResults,
  type SearchType,
} from '@podz/proto';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PlayButtons } from '../../components/play-buttons';
import { Avatar } from '../../components/ui/avatar';
import { AnySelect } from '../../components/ui/field';
import { PageHeading } from '../../components/ui/page-heading';
import { Pagination } from '../../components/ui/pagination';
import { EmptyState, QueryState } from '../../components/ui/query-state';
import { Tabs } from '../../components/ui/tabs';
import { paths } from '../../config/paths';
import { useSearchResults } from '../../features/search/api/search-api';
import { Highlighted, plainOf } from '../../features/search/components/highlighted';
import { episodeHref, statusNote } from '../../features/search/components/search-options';
import { apiFetch } from '../../lib/api-client';
import { formatClock, formatDate } from '../../lib/format';
import { playerItemOf } from '../../lib/player-item';
import { oneOf, useFilterParams } from '../../lib/use-filter-params';
import { usePageParam } from '../../lib/use-page-param';

const TAB_LABELS: Record<SearchType, string> = { shows: 'Shows', episodes: 'Episodes', people: 'People' };
const CATEGORY_OPTIONS = EPISODE_CATEGORIES.map((category) => ({ value: category, label: category }));

/** One show or episode in the results: its art, its marked name as a link, a line, and a passage. */
function ResultRow({
  image,
  href,
  name,
  meta,
  passage,
  actions,
}: {
  image: string;
  href: string;
  name: Highlight;
  meta: ReactNode;
  passage: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <li className="flex gap-4 py-4">
      <img src={image} alt="" className="size-16 shrink-0 rounded-lg bg-slate-100 object-cover" />
      <div className="min-w-0 flex-1">
        <Link to={href} className="text-lg font-semibold text-slate-900 hover:text-indigo-700">
          <Highlighted parts={name} />
        </Link>
        <p className="text-sm text-slate-600">{meta}</p>
        {passage && <p className="mt-1 text-sm text-slate-700">{passage}</p>}
      </div>
      {actions}
    </li>
  );
}

const descriptionOf = (parts: Highlight) => (plainOf(parts) ? <Highlighted parts={parts} /> : null);

function ShowResults({ results }: { results: SearchResults['shows'] }) {
  return (
    <ul className="divide-y divide-slate-200">
      {results.items.map((hit) => (
        <ResultRow
          key={hit.id}
          image={hit.logoPath}
          href={paths.show.href(hit.uId)}
          name={hit.name}
          meta={`${statusNote(hit.status)}${hit.category} · ${hit.followerCount} ${hit.followerCount === 1 ? 'follower' : 'followers'}`}
          passage={descriptionOf(hit.description)}
        />
      ))}
    </ul>
  );
}

function EpisodeResults({ results }: { results: SearchResults['episodes'] }) {
  return (
    <ul className="divide-y divide-slate-200">
      {results.items.map((hit) => (
        <ResultRow
          key={hit.id}
          image={hit.show.logoPath}
          href={episodeHref(hit)}
          name={hit.title}
          actions={
            hit.status === 'published' && (
              <PlayButtons
                title={plainOf(hit.title)}
                item={() => apiFetch<Episode>(`/api/episodes/${hit.id}`).then(playerItemOf)}
              />
            )
          }
          meta={
            <>
              {statusNote(hit.status)}
              <Link to={paths.show.href(hit.show.uId)} className="underline">
                {hit.show.name}
              </Link>{' '}
              · {formatDate(hit.publishedAt)}
            </>
          }
          passage={
            hit.transcript ? (
              <>
                <Link to={episodeHref(hit)} className="font-semibold text-indigo-700 underline">
                  At {formatClock(hit.transcript.startSeconds)}
                </Link>
                : “<Highlighted parts={hit.transcript.text} />”
              </>
            ) : (
              descriptionOf(hit.description)
            )
          }
        />
      ))}
    </ul>
  );
}

function PeopleResults({ results }: { results: SearchResults['people'] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {results.items.map((hit) => (
        <li key={hit.id}>
          <Link
            to={paths.person.href(hit.username)}
            className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 hover:border-indigo-300"
          >
            <Avatar src={hit.profilePicture} name={hit.username} />
            <span className="font-semibold text-slate-900">
              <Highlighted parts={hit.name} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The query box at the top of the page: a new search starts on the same tab, at its first page. */
function QueryForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" aria-label="Results" onSubmit={submit} className="mb-6 flex gap-2">
      <label htmlFor="search-page-q" className="sr-only">
        Search shows, episodes and people
      </label>
      <input
        id="search-page-q"
        key={q}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={100}
        placeholder="A show, an episode, a person, a topic"
        className="w-full max-w-xl rounded-md border border-slate-300 px-3 py-2 text-slate-900"
      />
      <button
        type="submit"
        className="rounded-md bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-500"
      >
        Search
      </button>
    </form>
  );
}

/**
 * `/search?q&type&category&language&page`: the results of one type a page at a time, a tab per
 * type with its total, category and language filters for shows and episodes, the matched words marked.
 */
export default function SearchRoute() {
  const { params, setFilter, setFilters } = useFilterParams();
  const [page, setPage] = usePageParam();
  const q = (params.get('q') ?? '').trim();
  const type = oneOf(params.get('type'), SEARCH_TYPES) ?? 'shows';
  const category = oneOf(params.get('category'), EPISODE_CATEGORIES) as Category | undefined;
  const languageParam = params.get('language') ?? '';
  const language = LANGUAGE_PATTERN.test(languageParam) ? languageParam : undefined;
  const [languageText, setLanguageText] = useState(languageParam);
  const filters =
    type === 'people' ? {} : { ...(category ? { category } : {}), ...(language ? { language } : {}) };
  // The totals of every tab (one result each), then the open tab's page.
  const totals = useSearchResults({ q, limit: 1, ...filters });
  const results = useSearchResults({ q, type, page, limit: SEARCH_PAGE_SIZE, ...filters });
  const total = (of: SearchType) => totals.data?.[of].total;
  const tabs = SEARCH_TYPES.map((value) => {
    const count = total(value);
    return [value, count === undefined ? TAB_LABELS[value] : `${TAB_LABELS[value]} (${count})`] as const;
  });

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <PageHeading
        title={q ? `Results for “${q}”` : 'Search'}
        intro="Shows, episodes and the people behind them."
      />
      <QueryForm q={q} onSearch={(next) => setFilter('q', next || undefined)} />
      {!q ? (
        <EmptyState>Type a show, an episode, a person or a topic. Small typos are forgiven.</EmptyState>
      ) : (
        <>
          <Tabs
            label="Result types"
            tabs={tabs}
            selected={type}
            onSelect={(value) => setFilter('type', value)}
          />
          {type !== 'people' && (
            <div className="mb-4 flex flex-wrap items-end gap-4">
              <div className="w-56">
                <AnySelect
                  label="Category"
                  anyLabel="Any category"
                  value={category}
                  options={CATEGORY_OPTIONS}
                  onChange={(value) => setFilter('category', value)}
                />
              </div>
              <form
                className="flex items-end gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  setFilters({ language: languageText.trim() || undefined });
                }}
              >
                <label className="text-sm font-medium text-slate-700">
                  Language
                  <input
                    value={languageText}
                    onChange={(event) => setLanguageText(event.target.value)}
                    placeholder="en, pt-BR"
                    aria-invalid={
                      languageText !== '' && !LANGUAGE_PATTERN.test(languageText.trim()) ? true : undefined
                    }
                    className="mt-1 block w-28 rounded-md border border-slate-300 px-2 py-2"
                  />
                </label>
                <button
                  type="submit"
                  className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50"
                >
                  Apply
                </button>
              </form>
            </div>
          )}
          <QueryState
            query={results}
            loadingLabel="Searching…"
            isEmpty={(data) => data[type].total === 0}
            empty={
              <>
                No {TAB_LABELS[type].toLowerCase()} match “{q}”
                {filters.category || filters.language ? ' with these filters' : ''}. Try other words, or
                another tab.
              </>
            }
          >
            {(data) => (
              <>
                {type === 'shows' && <ShowResults results={data.shows} />}
                {type === 'episodes' && <EpisodeResults results={data.episodes} />}
                {type === 'people' && <PeopleResults results={data.people} />}
                <Pagination
                  page={page}
                  totalPages={Math.ceil(Math.min(data[type].total, SEARCH_RESULTS_MAX) / SEARCH_PAGE_SIZE)}
                  onChange={setPage}
                  label={`${TAB_LABELS[type]} pages`}
                />
              </>
            )}
          </QueryState>
        </>
      )}
    </div>
  );
}
