import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths, SEARCH_PARAM } from '../config/paths';
import { SearchCombobox } from './search-suggest/search-combobox';
import { Button } from './ui/button';

type SearchBarProps = {
  /** Pre-fills the box, e.g. with the course list's active search term. */
  initialValue?: string;
  /** A query kept across searches, e.g. the course list's filters ('level=iniciante'). */
  keepQuery?: string;
};

/** The course search: an empty query also submits, and lists every course. */
export function SearchBar({ initialValue = '', keepQuery = '' }: SearchBarProps) {
  const [query, setQuery] = useState(initialValue);
  const navigate = useNavigate();
  const inputId = useId();
  const form = useRef<HTMLFormElement>(null);

  // What was typed into the server's HTML before the page hydrated stays in the box: the state
  // takes it over, so the next render does not wipe it.
  useEffect(() => {
    const typed = form.current?.elements.namedItem(SEARCH_PARAM);
    if (typed instanceof HTMLInputElement && typed.value !== initialValue) setQuery(typed.value);
  }, [initialValue]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The box as it reads now, even if typed before hydration.
    const typed = new FormData(event.currentTarget).get(SEARCH_PARAM);
    const path = paths.courseList((typeof typed === 'string' ? typed : query).trim());
    navigate(keepQuery ? `${path}?${keepQuery}` : path);
  }

  return (
    // Before the page hydrates (or without JavaScript), the browser sends the form and the server
    // answers with the course list of /course-list/{input} (the course list's loader redirects).
    <form
      ref={form}
      role="search"
      action={paths.courseList()}
      method="get"
      onSubmit={handleSubmit}
      className="relative flex w-full max-w-xl items-center gap-2 rounded-lg border border-slate-300 bg-white p-1.5 shadow-sm focus-within:border-blue-600"
    >
      <label htmlFor={inputId} className="sr-only">
        Pesquisar cursos
      </label>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="ml-2 h-5 w-5 shrink-0 fill-slate-500">
        <path d="M8.5 3a5.5 5.5 0 0 1 4.4 8.8l3.7 3.6-1.2 1.2-3.6-3.7A5.5 5.5 0 1 1 8.5 3zm0 1.7a3.8 3.8 0 1 0 0 7.6 3.8 3.8 0 0 0 0-7.6z" />
      </svg>
      {[...new URLSearchParams(keepQuery)].map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <SearchCombobox
        id={inputId}
        name={SEARCH_PARAM}
        value={query}
        onChange={setQuery}
        className="min-w-0 flex-1 bg-transparent px-1 py-2 text-slate-900 placeholder:text-slate-500 focus:outline-none"
      />
      <Button type="submit" className="shrink-0 sm:px-8">
        Pesquisar
      </Button>
    </form>
  );
}
