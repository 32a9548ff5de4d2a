import { useState } from 'react';
import { useAuthActions, useAuthUser } from '../../../auth/auth-context';
import { UnderDevelopmentDialog } from '../../../components/under-development-dialog';
import { interviewEvents, type InterviewEvent } from '../../../content/interview-events';
import { Button } from '../../../components/ui/button';

function InterviewCard({ event, onJoin }: { event: InterviewEvent; onJoin: () => void }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <img
        src={event.image}
        alt=""
        width={640}
        height={320}
        loading="lazy"
        className="aspect-[2/1] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 className="text-lg font-semibold text-slate-900">{event.title}</h3>
        <p className="text-sm leading-relaxed text-slate-700">{event.description}</p>
        <ul aria-label="Tecnologias" className="flex flex-wrap gap-2">
          {event.techstack.map((tech) => (
            <li
              key={tech}
              className="rounded-full bg-cyan-50 px-2.5 py-1 text-xs font-medium text-cyan-900"
            >
              {tech}
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-700">
          <span className="font-medium text-slate-900">{event.speakerName}</span>
          {' — '}
          {event.speakerTitle}
        </p>
        <Button onClick={onJoin} className="mt-auto self-start">
          {event.ctaText}
        </Button>
      </div>
    </article>
  );
}

/** Mock interviews are not built yet: signed in, the button says so; signed out, it opens sign-in. */
export function MockInterviewSection() {
  const { user } = useAuthUser();
  const { openSignIn } = useAuthActions();
  const [dialogOpen, setDialogOpen] = useState(false);

  function join() {
    if (user) setDialogOpen(true);
    else openSignIn();
  }

  return (
    <section aria-labelledby="interviews-heading" className="px-4 py-14 sm:px-8 lg:px-12">
      <div className="mx-auto max-w-7xl">
        <div className="text-center">
          <h2 id="interviews-heading" className="text-3xl font-semibold text-slate-900">
            Entrevistas simuladas
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-slate-700">
            Treine para o processo seletivo com entrevistas técnicas simuladas, conduzidas por
            profissionais do mercado.
          </p>
        </div>
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {interviewEvents.map((event) => (
            <li key={event.id}>
              <InterviewCard event={event} onJoin={join} />
            </li>
          ))}
        </ul>
      </div>
      <UnderDevelopmentDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </section>
  );
}
