import { lazy, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { SEARCH_INPUT_CLASS, SearchIcon } from './search-input-look';

// Loaded when the field is first focused: a visitor's first load carries the plain field only.
const SearchBox = lazy(() => import('./search-box'));

/** The field before its suggestions load: a form that opens the search page. */
function PlainField({
  text,
  onText,
  onFocus,
}: {
  text: string;
  onText: (text: string) => void;
  onFocus?: () => void;
}) {
  const navigate = useNavigate();
  const id = useId();
  return (
    <form
      className="relative"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) navigate(paths.search.href(text.trim()));
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search shows, episodes and people
      </label>
      <SearchIcon />
      <input
        id={id}
        type="search"
        autoComplete="off"
        placeholder="Search"
        className={SEARCH_INPUT_CLASS}
        value={text}
        onChange={(event) => onText(event.target.value)}
        onFocus={onFocus}
      />
    </form>
  );
}

/**
 * Search in the top navigation at every width: a field from `md` up, an icon below it that opens
 * the field on a row of its own. The suggestions box replaces the plain field on first focus.
 */
export function SearchField() {
  const [live, setLive] = useState(false);
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  return (
    <>
      <button
        type="button"
        aria-label="Search"
        aria-expanded={opened}
        onClick={() => {
          setOpened((value) => !value);
          setLive(true);
        }}
        className="ml-auto rounded-md p-2 text-slate-700 hover:text-indigo-700 md:hidden"
      >
        <SearchIcon className="size-5" />
      </button>
      <div
        role="search"
        aria-label="Site"
        className={`${opened ? 'block' : 'hidden'} order-last w-full pb-2 md:order-none md:ml-auto md:block md:w-64 md:pb-0`}
      >
        {live ? (
          <Suspense fallback={<PlainField text={text} onText={setText} />}>
            <SearchBox initial={text} autoFocus onDone={() => setOpened(false)} />
          </Suspense>
        ) : (
          <PlainField text={text} onText={setText} onFocus={() => setLive(true)} />
        )}
      </div>
    </>
  );
}
