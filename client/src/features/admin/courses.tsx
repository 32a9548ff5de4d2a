import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  COURSE_REVIEW_CHECKLIST,
  TAKEDOWN_KIND_LABELS,
  TAKEDOWN_KINDS,
  type TakedownKind,
} from '@aprendiz/contract/rules/course-status';
import {
  requestChangesBodySchema,
  takedownBodySchema,
  type AdminReviewCourse,
} from '@aprendiz/contract/staff';
import { Dialog } from '../../components/dialog';
import { notify } from '../../components/toast';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { usePriceLabel } from '../../config/storefront';
import { useResource } from '../../data/resource';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { AdminHeading, Loaded, money, useIsAdmin, when } from './admin-ui';
import { ReasonDialog } from './reason-dialog';

/** 'Pedir alterações': the checklist items that failed and a note, checked with the contract. */
function RequestChangesDialog({
  course,
  onClose,
  onDone,
}: {
  course: AdminReviewCourse;
  onClose: () => void;
  onDone: () => void;
}) {
  const [checked, setChecked] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = requestChangesBodySchema.safeParse({ checklist: checked, note });
    if (!body.success) {
      setError(body.error.issues[0]?.message ?? 'Revise a nota');
      return;
    }
    setError(null);
    setPending(true);
    const done = await send(
      api.post(`/api/admin/courses/${course._id}/request-changes`, body.data),
    );
    setPending(false);
    if (done) {
      notify.success('Pedido de alterações enviado ao educador.');
      onDone();
      onClose();
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Pedir alterações: ${course.courseTitle}`}
      closeLabel="Fechar"
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">O que precisa mudar</legend>
          {COURSE_REVIEW_CHECKLIST.map((item) => (
            <label key={item} className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="mt-1 h-4 w-4"
                checked={checked.includes(item)}
                onChange={(event) =>
                  setChecked((now) =>
                    event.target.checked ? [...now, item] : now.filter((i) => i !== item),
                  )
                }
              />
              {item}
            </label>
          ))}
        </fieldset>
        <Field label="Nota para o educador" error={error ?? undefined}>
          {(control) => (
            <textarea
              {...control}
              className={inputClass}
              rows={4}
              maxLength={2000}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" pending={pending}>
            Pedir alterações
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ReviewCard({ course, onChanged }: { course: AdminReviewCourse; onChanged: () => void }) {
  const isAdmin = useIsAdmin();
  const currency = usePriceLabel();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  async function approve() {
    setPending(true);
    const done = await send(api.post(`/api/admin/courses/${course._id}/approve`));
    setPending(false);
    if (done) {
      notify.success('Curso aprovado: já está no catálogo.');
      onChanged();
    }
  }
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold text-slate-900">{course.courseTitle}</h2>
      <p className="text-sm text-slate-700">
        {course.educatorName} ({course.educatorEmail}) · {course.lectureCount} aulas · preço{' '}
        {money(course.coursePrice, currency)}
        {course.discount > 0 ? ` com ${course.discount}% de desconto` : ''} · criado em{' '}
        {when(course.createdAt)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Link
          to={paths.course(course._id)}
          className="text-sm font-medium text-blue-700 underline"
          target="_blank"
        >
          Abrir a página do curso
        </Link>
      </div>
      {isAdmin && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" pending={pending} onClick={() => void approve()}>
            Aprovar
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setAsking(true)}>
            Pedir alterações
          </Button>
        </div>
      )}
      {asking && (
        <RequestChangesDialog course={course} onClose={() => setAsking(false)} onDone={onChanged} />
      )}
    </li>
  );
}

const TAKEDOWN_HINTS: Record<TakedownKind, string> = {
  policy: 'O educador recebe o motivo por e-mail. Quem já está inscrito continua com acesso.',
  rights_claim:
    'O educador recebe o motivo por e-mail. Ninguém mais assiste às aulas, nem quem já está inscrito.',
};

/** Take down a published course by its id: for a broken rule, or a rights claim that closes it to all. */
function TakeDown() {
  const [courseId, setCourseId] = useState('');
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<TakedownKind>('policy');
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold text-slate-900">Retirar um curso do catálogo</h2>
      <div className="flex max-w-xl flex-wrap items-end gap-2">
        <label className="flex flex-1 flex-col text-sm text-slate-700">
          Id do curso
          <input
            className={`${inputClass} mt-1`}
            value={courseId}
            onChange={(event) => setCourseId(event.target.value.trim())}
          />
        </label>
        <Button variant="danger" disabled={courseId === ''} onClick={() => setOpen(true)}>
          Retirar
        </Button>
      </div>
      <ReasonDialog
        open={open}
        title="Retirar curso do catálogo"
        label="Motivo"
        hint={TAKEDOWN_HINTS[kind]}
        confirmLabel="Retirar"
        schema={takedownBodySchema}
        field="reason"
        danger
        onClose={() => setOpen(false)}
        onSubmit={async (reason) => {
          const done = await send(
            api.post(`/api/admin/courses/${encodeURIComponent(courseId)}/takedown`, {
              kind,
              reason,
            }),
          );
          if (done) notify.success('Curso retirado do catálogo.');
          return done !== null;
        }}
      >
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-900">Tipo de retirada</legend>
          {TAKEDOWN_KINDS.map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                name="takedown-kind"
                value={option}
                checked={kind === option}
                onChange={() => setKind(option)}
              />
              {TAKEDOWN_KIND_LABELS[option]}
            </label>
          ))}
        </fieldset>
      </ReasonDialog>
    </section>
  );
}

/** Courses waiting for review (COURSE_REVIEW=on), and takedowns. */
export function AdminCoursesScreen() {
  const isAdmin = useIsAdmin();
  const read = useResource<{ courses: AdminReviewCourse[] }>('/api/admin/reviews');
  return (
    <div className="space-y-8">
      <section>
        <AdminHeading>Cursos em revisão</AdminHeading>
        <Loaded read={read} failedTitle="Não foi possível carregar a fila de revisão">
          {({ courses }) =>
            courses.length === 0 ? (
              <p className="text-slate-600">Nenhum curso esperando revisão.</p>
            ) : (
              <ul className="space-y-3">
                {courses.map((course) => (
                  <ReviewCard key={course._id} course={course} onChanged={read.reload} />
                ))}
              </ul>
            )
          }
        </Loaded>
      </section>
      {isAdmin && <TakeDown />}
    </div>
  );
}
