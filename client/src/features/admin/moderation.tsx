import { useState } from 'react';
import { moderationHideBodySchema, type AdminReportedPost } from '@aprendiz/contract/staff';
import { notify } from '../../components/toast';
import { Button } from '../../components/ui/button';
import { useResource } from '../../data/resource';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { AdminHeading, Badge, Loaded, useIsAdmin, when } from './admin-ui';
import { ReasonDialog } from './reason-dialog';

const KIND_LABEL = { question: 'Pergunta', answer: 'Resposta', review: 'Avaliação' } as const;

function PostCard({ post, onChanged }: { post: AdminReportedPost; onChanged: () => void }) {
  const isAdmin = useIsAdmin();
  const [hiding, setHiding] = useState(false);
  const base = `/api/admin/moderation/${post.kind}/${post._id}`;
  const noun = post.kind === 'review' ? 'Avaliação' : 'Publicação';
  async function act(action: 'show' | 'dismiss') {
    const done = await send(api.post(`${base}/${action}`));
    if (done) {
      notify.success(action === 'show' ? `${noun} visível de novo.` : 'Denúncias descartadas.');
      onChanged();
    }
  }
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <Badge tone="slate">{KIND_LABEL[post.kind]}</Badge>
        {post.hidden && <Badge tone="amber">Oculta</Badge>}
        <span>
          {post.courseTitle} · por {post.authorName} · {post.reportCount}{' '}
          {post.reportCount === 1 ? 'denúncia' : 'denúncias'}, a última em{' '}
          {when(post.lastReportedAt)}
        </span>
      </p>
      <p className="whitespace-pre-line text-slate-900">{post.body}</p>
      {post.kind === 'review' && (
        <p className="text-sm text-slate-600">
          Ocultar tira o texto da página do curso; as estrelas continuam contando na média.
        </p>
      )}
      {post.reasons.length > 0 && (
        <p className="text-sm text-slate-700">Motivos: {post.reasons.join(' · ')}</p>
      )}
      {isAdmin && (
        <div className="flex flex-wrap gap-2">
          {post.hidden ? (
            <Button size="sm" variant="secondary" onClick={() => void act('show')}>
              Mostrar de novo
            </Button>
          ) : (
            <Button size="sm" variant="danger" onClick={() => setHiding(true)}>
              Ocultar
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => void act('dismiss')}>
            Descartar denúncias
          </Button>
        </div>
      )}
      <ReasonDialog
        open={hiding}
        title={`Ocultar ${noun.toLowerCase()}`}
        label="Nota para o autor"
        confirmLabel="Ocultar"
        schema={moderationHideBodySchema}
        field="note"
        danger
        onClose={() => setHiding(false)}
        onSubmit={async (note) => {
          const done = await send(api.post(`${base}/hide`, { note }));
          if (done) {
            notify.success(`${noun} ocultada.`);
            onChanged();
          }
          return done !== null;
        }}
      />
    </li>
  );
}

/** Reported questions, answers and written reviews of every course. */
export function AdminModerationScreen() {
  const read = useResource<{ posts: AdminReportedPost[] }>('/api/admin/moderation');
  return (
    <>
      <AdminHeading>Moderação</AdminHeading>
      <Loaded read={read} failedTitle="Não foi possível carregar as denúncias">
        {({ posts }) =>
          posts.length === 0 ? (
            <p className="text-slate-600">Nenhuma denúncia aberta.</p>
          ) : (
            <ul className="space-y-3">
              {posts.map((post) => (
                <PostCard key={`${post.kind}-${post._id}`} post={post} onChanged={read.reload} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </>
  );
}
