import { lazy, Suspense, useState } from 'react';
import { SEARCH_INPUT_CLASS, SEARCH_LABEL, SearchIcon } from './search-input-look';

// Loaded when the field is first focused: a visitor's first load carries the plain field only.
const SearchBox = lazy(() => import('./search-box'));

/**
 * Search in the top navigation at every width: a field from `md` up, an icon below it that opens
 * the field on a row of its own. Until its first focus the field is a plain form that opens the
 * search page; then the suggestions box takes its place.
 */
export function SearchField() {
  const [live, setLive] = useState(false);
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  const plain = (
    <form action="/search" className="relative">
      <SearchIcon />
      <input
        name="q"
        aria-label={SEARCH_LABEL}
        placeholder="Search"
        autoComplete="off"
        className={SEARCH_INPUT_CLASS}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onFocus={() => setLive(true)}
      />
    </form>
  );
  return (
    <>
      <button
        type="button"
        aria-label="Search"
        aria-expanded={opened}
        onClick={() => {
          setOpened(!opened);
          setLive(true);
        }}
        className="ml-auto p-2 md:hidden"
      >
        <SearchIcon className="size-5" />
      </button>
      <div
        role="search"
        aria-label="Site"
        className={`${opened ? '' : 'hidden'} order-last w-full pb-2 md:order-none md:block md:w-64 md:pb-0`}
      >
        {live ? (
          <Suspense fallback={plain}>
            <SearchBox initial={text} autoFocus onDone={() => setOpened(false)} />
          </Suspense>
        ) : (
          plain
        )}
      </div>
    </>
  );
}
