import type { Note, NoteListResponse } from '@aprendiz/contract/notes';
import { formatVideoSecond, NOTE_TEXT_MAX_LENGTH } from '@aprendiz/contract/rules/questions';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { TextEditForm } from '../../components/ui/text-edit-form';
import { OwnTextButtons, useOwnTextActions } from '../../components/own-text-actions';
import { useResource } from '../../data/resource';

/** The video's current second, read once a second while the panel is open. */
function useVideoSecond(readSeconds: () => number | null): number {
  const [second, setSecond] = useState(() => Math.floor(readSeconds() ?? 0));
  useEffect(() => {
    const timer = setInterval(() => setSecond(Math.floor(readSeconds() ?? 0)), 1000);
    return () => clearInterval(timer);
  }, [readSeconds]);
  return second;
}

function NoteItem({
  note,
  lectureTitle,
  onJump,
  onChanged,
}: {
  note: Note;
  lectureTitle: string | null;
  onJump: (note: Note) => void;
  onChanged: () => void;
}) {
  const { editing, setEditing, removing, save, remove } = useOwnTextActions(
    `/api/notes/${note._id}`,
    { field: 'text', onSaved: onChanged, onRemoved: onChanged },
  );

  return (
    <li className="flex flex-col gap-2 border-b border-slate-200 py-3 last:border-b-0">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onJump(note)}
          aria-label={`Ir para ${formatVideoSecond(note.positionSeconds)}${lectureTitle ? ` em ${lectureTitle}` : ''}`}
        >
          {formatVideoSecond(note.positionSeconds)}
        </Button>
        {lectureTitle && <span className="text-sm text-slate-600">{lectureTitle}</span>}
      </div>
      {editing ? (
        <TextEditForm
          label="Editar nota"
          labelHidden
          initialText={note.text}
          maxLength={NOTE_TEXT_MAX_LENGTH}
          saveLabel="Salvar nota"
          compact
          onSave={save}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <p className="whitespace-pre-wrap break-words text-slate-800">{note.text}</p>
      )}
      {!editing && (
        <div className="flex gap-2">
          <OwnTextButtons
            onEdit={() => setEditing(true)}
            onRemove={() => void remove()}
            removing={removing}
          />
        </div>
      )}
    </li>
  );
}

/** Private notes at a second of the video; a note's time takes the player back there. */
export function NotesPanel({
  courseId,
  lectureId,
  lectureTitles,
  readSeconds,
  onJump,
}: {
  courseId: string;
  lectureId: string;
  lectureTitles: ReadonlyMap<string, string>;
  readSeconds: () => number | null;
  onJump: (lectureId: string, seconds: number) => void;
}) {
  const [all, setAll] = useState(false);
  const [adding, setAdding] = useState<number | null>(null);
  const second = useVideoSecond(readSeconds);
  const base = `/api/course/${encodeURIComponent(courseId)}/notes`;
  const {
    value: data,
    error,
    reload,
  } = useResource<NoteListResponse>(
    all ? base : `${base}?lectureId=${encodeURIComponent(lectureId)}`,
  );

  async function add(positionSeconds: number, text: string) {
    if (await send(api.post(base, { lectureId, positionSeconds, text }))) {
      setAdding(null);
      reload();
    }
  }

  return (
    <div className="flex flex-col gap-3">
      {adding === null ? (
        <Button className="self-start" onClick={() => setAdding(second)}>
          Adicionar nota em {formatVideoSecond(second)}
        </Button>
      ) : (
        <TextEditForm
          label={`Nota em ${formatVideoSecond(adding)}`}
          maxLength={NOTE_TEXT_MAX_LENGTH}
          saveLabel="Salvar nota"
          onSave={(text) => add(adding, text)}
          onCancel={() => setAdding(null)}
        />
      )}
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={all} onChange={(event) => setAll(event.target.checked)} />
        Notas de todo o curso
      </label>
      {error ? (
        <LoadError compact message={error} onRetry={reload} />
      ) : !data ? (
        <p className="text-slate-600">Carregando notas…</p>
      ) : data.notes.length === 0 ? (
        <p className="text-slate-600">Nenhuma nota ainda.</p>
      ) : (
        <ul aria-label="Notas">
          {data.notes.map((note) => (
            <NoteItem
              key={note._id}
              note={note}
              lectureTitle={all ? (lectureTitles.get(note.lectureId) ?? null) : null}
              onJump={(chosen) => onJump(chosen.lectureId, chosen.positionSeconds)}
              onChanged={reload}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
