import { rankBySearch } from '@aprendiz/contract/rules/search-words';
import { useId, useState } from 'react';
import { MentorGrid } from '../../components/mentor-grid';
import { mentors, type Mentor } from '../../content/mentors';
import type { RouteHandle } from '../../app/page-meta';

/**
 * By name or subject, with the catalogue search's word rules (every word counts, in any order,
 * accents, stop words, word forms, one typo, the last word a prefix): mentors holding every word
 * first, then those holding most.
 */
export function filterMentors(list: readonly Mentor[], query: string): Mentor[] {
  return rankBySearch(list, (mentor) => [mentor.name, ...mentor.subjects].join(' '), query);
}

function mentorCountLine(count: number): string {
  if (count === 0) return 'Nenhum mentor encontrado para essa busca.';
  return count === 1 ? '1 mentor encontrado' : `${count} mentores encontrados`;
}

export const handle: RouteHandle = {
  meta: () => ({
    title: 'Mentores',
    description:
      'Encontre mentores experientes em programação, dados e carreira e reserve uma sessão individual.',
  }),
};

/** /mentors-list: every mentor, searchable by name or subject. */
export default function MentorsPage() {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const visible = filterMentors(mentors, query);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-8 lg:px-12">
      <h1 className="text-3xl font-semibold text-slate-900 md:text-4xl">Mentores</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Sessões individuais de uma hora com profissionais do mercado, para tirar dúvidas, revisar
        projetos e planejar a sua carreira.
      </p>
      <div className="mt-6 max-w-xl">
        <label htmlFor={searchId} className="sr-only">
          Buscar mentores por nome ou assunto
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Buscar por nome ou assunto..."
          className="w-full rounded-lg border border-slate-300 bg-white px-4 py-3 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-blue-600 focus:outline-2 focus:outline-blue-600"
        />
      </div>
      <section aria-labelledby="mentors-heading" className="mt-8">
        {/* The cards' names are h3: this keeps the heading levels in sequence for screen readers. */}
        <h2 id="mentors-heading" className="sr-only">
          Mentores disponíveis
        </h2>
        {/* Read out as the list changes while typing. */}
        <p
          role="status"
          className={visible.length > 0 ? 'mb-4 text-slate-700' : 'py-8 text-slate-700'}
        >
          {mentorCountLine(visible.length)}
        </p>
        {visible.length > 0 && <MentorGrid mentors={visible} />}
      </section>
    </div>
  );
}
