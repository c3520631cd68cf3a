import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SUGGEST_MIN, useSuggestions } from '../api/search-api';
import { Highlighted } from './highlighted';
import { optionsOf, type SearchOption } from './search-options';
import { SEARCH_INPUT_CLASS, SEARCH_LABEL, SearchIcon } from './search-input-look';

const GROUPS = ['Shows', 'Episodes', 'People'] as const;
/** How long typing must pause before suggestions are asked for. */
const SETTLE_MS = 200;

/**
 * The navigation's search with suggestions as you type (a WAI-ARIA combobox): arrows move through
 * the suggestions and "all results", Enter opens the one chosen (or the search page), Escape
 * closes the list and then clears the field.
 */
export default function SearchBox({
  initial,
  autoFocus,
  onDone,
}: {
  initial: string;
  autoFocus?: boolean;
  onDone?: () => void;
}) {
  const [text, setText] = useState(initial);
  const [focused, setFocused] = useState(Boolean(autoFocus));
  const [active, setActive] = useState(-1);
  const term = useDebouncedValue(text.trim(), SETTLE_MS);
  const suggestions = useSuggestions(term);
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const typed = text.trim();
  const options: SearchOption[] =
    term.length >= SUGGEST_MIN && suggestions.data ? optionsOf(suggestions.data) : [];
  const allIndex = options.length;
  const open = focused && typed.length >= SUGGEST_MIN;

  const go = (href: string) => {
    setFocused(false);
    setActive(-1);
    onDone?.();
    navigate(href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setFocused(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Options, then "all results"; from nothing chosen, down is the first and up the last.
      const count = allIndex + 1;
      setActive((current) => (current < 0 ? (step > 0 ? 0 : allIndex) : (current + step + count) % count));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (!typed) return;
      go(options[active]?.href ?? paths.search.href(typed));
    } else if (event.key === 'Escape') {
      // The first Escape only closes the list (a browser would otherwise clear the field at once).
      event.preventDefault();
      if (open) setFocused(false);
      else setText('');
      setActive(-1);
    }
  };

  return (
    <div className="relative">
      <SearchIcon />
      <input
        type="text"
        aria-label={SEARCH_LABEL}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        autoFocus={autoFocus}
        placeholder="Search"
        className={SEARCH_INPUT_CLASS}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(-1);
          setFocused(true);
        }}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={onKeyDown}
      />
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          className="absolute right-0 z-30 mt-1 w-[min(92vw,26rem)] rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {GROUPS.map((group) => {
            const inGroup = options.filter((option) => option.group === group);
            if (inGroup.length === 0) return null;
            return (
              <div key={group} role="group" aria-labelledby={`${id}-${group}`}>
                <div
                  id={`${id}-${group}`}
                  role="presentation"
                  className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
                >
                  {group}
                </div>
                {inGroup.map((option) => {
                  const index = options.indexOf(option);
                  return (
                    <div
                      key={option.key}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === active}
                      // Keeps the focus in the field, so the list stays open until the click lands.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => go(option.href)}
                      className={`flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm ${index === active ? 'bg-indigo-50' : 'hover:bg-slate-50'}`}
                    >
                      {option.image && (
                        <img
                          src={option.image}
                          alt=""
                          className="size-8 shrink-0 rounded bg-slate-100 object-cover"
                        />
                      )}
                      <span className="min-w-0">
                        <span className="block truncate font-medium text-slate-900">
                          <Highlighted parts={option.label} />
                        </span>
                        <span className="block truncate text-xs text-slate-600">{option.detail}</span>
                      </span>
                    </div>
                  );
                })}
              </div>
            );
          })}
          {suggestions.isError ? (
            <p className="px-2 py-2 text-sm text-red-700">Suggestions could not be loaded.</p>
          ) : options.length === 0 && !suggestions.isFetching && term.length >= SUGGEST_MIN ? (
            <p className="px-2 py-2 text-sm text-slate-600">No suggestions for “{term}”.</p>
          ) : null}
          <div
            id={optionId(allIndex)}
            role="option"
            aria-selected={active === allIndex}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(paths.search.href(typed))}
            className={`cursor-pointer rounded-md px-2 py-2 text-sm font-semibold text-indigo-700 ${active === allIndex ? 'bg-indigo-50' : 'hover:bg-slate-50'}`}
          >
            See all results for “{typed}”
          </div>
        </div>
      )}
    </div>
  );
}
