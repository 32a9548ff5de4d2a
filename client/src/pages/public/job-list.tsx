import { rankBySearch } from '@aprendiz/contract/rules/search-words';
import { useId, useState } from 'react';
import { useAuthActions, useAuthUser } from '../../auth/auth-context';
import { UnderDevelopmentDialog } from '../../components/under-development-dialog';
import { jobs, type Job, type JobType } from '../../content/jobs';
import type { RouteHandle } from '../../app/page-meta';
import { Button } from '../../components/ui/button';

const TYPE_STYLE: Record<JobType, string> = {
  'Full-time': 'bg-green-50 text-green-800',
  'Part-time': 'bg-amber-50 text-amber-900',
  Internship: 'bg-violet-50 text-violet-800',
};

/**
 * By title, company and location, with the catalogue search's word rules (every word counts, in
 * any order, accents, stop words, word forms, one typo, the last word a prefix): jobs holding
 * every word first, then those holding most.
 */
export function filterJobs(list: readonly Job[], query: string): Job[] {
  return rankBySearch(list, (job) => [job.title, job.company, job.location].join(' '), query);
}

function JobCard({ job, onApply }: { job: Job; onApply: () => void }) {
  return (
    <article className="flex h-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      {/* The type sits under the title on every card, however long the title is. */}
      <div className="flex flex-col items-start gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{job.title}</h2>
        <span className={`rounded-full px-2.5 py-1 text-xs font-medium ${TYPE_STYLE[job.type]}`}>
          {job.type}
        </span>
      </div>
      <p className="font-medium text-slate-800">{job.company}</p>
      <dl className="grid gap-1 text-sm text-slate-700">
        <div className="flex gap-1">
          <dt className="font-medium">Salário:</dt>
          <dd>{job.salary}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="font-medium">Local:</dt>
          <dd>{job.location}</dd>
        </div>
      </dl>
      <p className="line-clamp-4 text-sm leading-relaxed text-slate-700">{job.description}</p>
      <Button
        onClick={onApply}
        aria-label={`Aplicar Agora: ${job.title}`}
        className="mt-auto self-start"
      >
        Aplicar Agora
      </Button>
    </article>
  );
}

function jobCountLine(count: number): string {
  if (count === 0) return 'Nenhuma vaga encontrada com esse título.';
  return count === 1 ? '1 vaga encontrada' : `${count} vagas encontradas`;
}

export const handle: RouteHandle = {
  meta: () => ({
    title: 'Vagas de Emprego',
    description:
      'Vagas de emprego e estágio em tecnologia: front-end, back-end, dados e mobile, presenciais e remotas.',
  }),
};

/** /job-list: the static job board; applying is not built yet. */
export default function JobListPage() {
  const { user } = useAuthUser();
  const { openSignIn } = useAuthActions();
  const [query, setQuery] = useState('');
  const [dialogOpen, setDialogOpen] = useState(false);
  const filterId = useId();
  const visible = filterJobs(jobs, query);

  function apply() {
    if (user) setDialogOpen(true);
    else openSignIn();
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-8 lg:px-12">
      <h1 className="text-3xl font-semibold text-slate-900 md:text-4xl">Vagas de Emprego</h1>
      <div className="mt-6 max-w-xl">
        <label htmlFor={filterId} className="sr-only">
          Filtrar vagas por título, empresa ou local
        </label>
        <input
          id={filterId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Filtrar por título de vaga..."
          className="w-full rounded-lg border border-slate-300 bg-white px-4 py-3 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-blue-600 focus:outline-2 focus:outline-blue-600"
        />
      </div>
      <div className="mt-8">
        {/* Read out as the list changes while typing. */}
        <p
          role="status"
          className={visible.length > 0 ? 'mb-4 text-slate-700' : 'py-8 text-slate-700'}
        >
          {jobCountLine(visible.length)}
        </p>
        {visible.length > 0 && (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {visible.map((job) => (
              <li key={job.id}>
                <JobCard job={job} onApply={apply} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <UnderDevelopmentDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </div>
  );
}
