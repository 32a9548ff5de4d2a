import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SUGGEST_MIN_LENGTH } from '@aprendiz/contract/search-limits';
import { paths } from '../../config/paths';

/** Not needed for the first paint: loaded with the first suggestions. */
const SuggestionList = lazy(() => import('./suggestion-list'));

/** Keystrokes closer together than this ask the server once. */
const DEBOUNCE_MS = 150;

export type Suggestion = {
  key: string;
  kind: 'course' | 'educator';
  label: string;
  detail: string;
  /** Where choosing it goes. */
  to: string;
};

type SearchComboboxProps = {
  id: string;
  /** The field's name in the form, which the server reads when the form is sent before hydration. */
  name?: string;
  value: string;
  onChange: (value: string) => void;
  className: string;
};

function countLine(count: number): string {
  if (count === 0) return 'Nenhuma sugestão';
  return count === 1 ? '1 sugestão disponível' : `${count} sugestões disponíveis`;
}

/**
 * The course search box as a WAI-ARIA 1.2 combobox: suggestions (courses and educators) appear
 * under it after 2 characters; arrows move through them, Enter opens the one chosen, Esc closes
 * the list. Enter with none chosen submits the form, which searches the typed text as before.
 */
export function SearchCombobox({ id, name, value, onChange, className }: SearchComboboxProps) {
  const navigate = useNavigate();
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // What the suggestions shown were asked for (the live region stays quiet until there are some).
  const [answered, setAnswered] = useState<string | null>(null);
  const typedByUser = useRef(false);

  useEffect(() => {
    const typed = value.trim();
    if (!typedByUser.current) return;
    if (typed.replace(/\s/g, '').length < SUGGEST_MIN_LENGTH) {
      setItems([]);
      setOpen(false);
      setAnswered(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void import('./fetch-suggestions')
        .then(({ fetchSuggestions }) => fetchSuggestions(typed, controller.signal))
        .then(({ courses, educators }) => {
          setItems([
            ...courses.map((course) => ({
              key: `course-${course._id}`,
              kind: 'course' as const,
              label: course.courseTitle,
              detail: course.educatorName,
              to: paths.course(course._id),
            })),
            ...educators.map((educator) => ({
              key: `educator-${educator.name}`,
              kind: 'educator' as const,
              label: educator.name,
              detail: educator.courseCount === 1 ? '1 curso' : `${educator.courseCount} cursos`,
              to: paths.courseList(educator.name),
            })),
          ]);
          setActive(-1);
          setOpen(true);
          setAnswered(typed);
        })
        .catch(() => {
          // A cancelled or failed suggestion request changes nothing: the search still works.
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value]);

  const expanded = open && items.length > 0;

  function choose(item: Suggestion) {
    setOpen(false);
    navigate(item.to);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (items.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (!expanded) {
        setOpen(true);
        setActive(step === 1 ? 0 : items.length - 1);
        return;
      }
      setActive((current) =>
        step === 1 ? (current + 1) % items.length : current <= 0 ? items.length - 1 : current - 1,
      );
      return;
    }
    if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
      return;
    }
    if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      choose(items[active]!);
    }
  }

  return (
    <>
      <input
        id={id}
        name={name}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          typedByUser.current = true;
          onChange(event.target.value);
        }}
        onKeyDown={handleKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => items.length > 0 && setOpen(true)}
        placeholder="Vamos aprender ..."
        enterKeyHint="search"
        className={className}
      />
      {expanded ? (
        <Suspense fallback={null}>
          <SuggestionList
            id={listId}
            optionId={optionId}
            items={items}
            active={active}
            typed={value}
            onChoose={choose}
            onHover={setActive}
          />
        </Suspense>
      ) : (
        <ul id={listId} role="listbox" aria-label="Sugestões" hidden />
      )}
      <span aria-live="polite" className="sr-only">
        {answered !== null && open ? countLine(items.length) : ''}
      </span>
    </>
  );
}
