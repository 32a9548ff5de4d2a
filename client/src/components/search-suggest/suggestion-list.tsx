import { wordsOf } from '@aprendiz/contract/rules/search-words';
import type { Suggestion } from './search-combobox';

/**
 * The text with the parts that start with a typed word marked, accents and case aside ('prat'
 * marks 'Prát' in 'Prática').
 */
function Highlighted({ text, typed }: { text: string; typed: string }) {
  const words = wordsOf(typed).filter((word) => word.length > 0);
  const parts: { text: string; hit: boolean }[] = [];
  // Letters are folded one by one, so positions in the folded text are those of the original.
  const folded = [...text].map((char) => wordsOf(char)[0]?.[0] ?? ' ').join('');
  let index = 0;
  while (index < text.length) {
    const wordStart = index === 0 || folded[index - 1] === ' ';
    const hit = wordStart
      ? words
          .filter((word) => folded.startsWith(word, index))
          .sort((a, b) => b.length - a.length)[0]
      : undefined;
    const length = hit?.length ?? 1;
    const last = parts.at(-1);
    const piece = text.slice(index, index + length);
    if (last && last.hit === Boolean(hit) && !hit) last.text += piece;
    else parts.push({ text: piece, hit: Boolean(hit) });
    index += length;
  }
  return (
    <>
      {parts.map((part, i) =>
        part.hit ? (
          <mark key={i} className="bg-transparent font-semibold text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

type SuggestionListProps = {
  id: string;
  optionId: (index: number) => string;
  items: Suggestion[];
  active: number;
  typed: string;
  onChoose: (item: Suggestion) => void;
  onHover: (index: number) => void;
};

/** The listbox of a search combobox: courses (title, educator), then educators. */
export default function SuggestionList({
  id,
  optionId,
  items,
  active,
  typed,
  onChoose,
  onHover,
}: SuggestionListProps) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Sugestões"
      className="absolute top-full right-0 left-0 z-30 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-left shadow-lg"
    >
      {items.map((item, index) => (
        <li
          key={item.key}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          // Keeps the focus in the box, so the click is read before the list closes on blur.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(item)}
          onMouseMove={() => onHover(index)}
          className={`flex min-h-11 cursor-pointer flex-col justify-center px-4 py-2 ${
            index === active ? 'bg-blue-50' : ''
          }`}
        >
          {item.kind === 'course' ? (
            <>
              <span className="text-slate-800">
                <Highlighted text={item.label} typed={typed} />
              </span>
              <span className="text-sm text-slate-600">{item.detail}</span>
            </>
          ) : (
            <>
              <span className="text-slate-800">
                Cursos de <Highlighted text={item.label} typed={typed} />
              </span>
              <span className="text-sm text-slate-600">{item.detail}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
