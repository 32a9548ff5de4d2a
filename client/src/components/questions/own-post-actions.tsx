import { POST_BODY_MAX_LENGTH, withinEditWindow } from '@aprendiz/contract/rules/questions';
import { useState } from 'react';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { Button } from '../ui/button';
import { TextEditForm } from '../ui/text-edit-form';

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
  const [busy, setBusy] = useState(false);
  if (authorId !== viewerId || !withinEditWindow(createdAt)) return null;

  async function save(text: string) {
    if (await send(api.patch(url, { body: text }))) {
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
      <TextEditForm
        label="Editar texto"
        labelHidden
        initialText={body}
        maxLength={POST_BODY_MAX_LENGTH}
        rows={4}
        compact
        onSave={save}
        onCancel={() => setEditing(false)}
      />
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
