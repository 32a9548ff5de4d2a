import { POST_BODY_MAX_LENGTH, withinEditWindow } from '@aprendiz/contract/rules/questions';
import { useId, useState, type FormEvent } from 'react';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { Button } from '../ui/button';
import { inputClass } from '../ui/field';

/**
 * 'Editar' and 'Apagar' on one's own question or answer, for the 30 minutes the server allows
 * (it checks again: a page left open past them gets its refusal as a toast).
 */
export function OwnPostActions({
  url,
  body,
  authorId,
  viewerId,
  createdAt,
  onEdited,
  onDeleted,
}: {
  /** The post's address: PATCH edits its body, DELETE removes it. */
  url: string;
  body: string;
  authorId: string;
  viewerId: string;
  createdAt: string;
  onEdited: () => void;
  onDeleted: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(body);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  if (authorId !== viewerId || !withinEditWindow(createdAt)) return null;

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const done = await send(api.patch(url, { body: text }));
    setBusy(false);
    if (done) {
      setEditing(false);
      onEdited();
    }
  }
  async function remove() {
    setBusy(true);
    const done = await send(api.delete(url));
    setBusy(false);
    if (done) onDeleted();
  }

  if (editing) {
    return (
      <form onSubmit={(event) => void save(event)} className="flex w-full flex-col gap-2">
        <label htmlFor={fieldId} className="sr-only">
          Editar texto
        </label>
        <textarea
          id={fieldId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={POST_BODY_MAX_LENGTH}
          rows={4}
          required
          className={inputClass}
        />
        <div className="flex justify-end gap-2">
          <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
            Cancelar
          </Button>
          <Button size="sm" type="submit" pending={busy}>
            Salvar
          </Button>
        </div>
      </form>
    );
  }
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
        Editar
      </Button>
      <Button size="sm" variant="ghost" pending={busy} onClick={() => void remove()}>
        Apagar
      </Button>
    </>
  );
}
