import { useState } from 'react';
import { api } from '../lib/api-client';
import { send } from '../lib/send';
import { Button } from './ui/button';

/**
 * Editing and removing something the person wrote (a note, a question, an answer): PATCH sends the
 * new text under `field`, DELETE removes it, each through send() (a refusal is toasted).
 */
export function useOwnTextActions(
  url: string,
  {
    field,
    onSaved,
    onRemoved,
  }: { field: 'text' | 'body'; onSaved: () => void; onRemoved: () => void },
) {
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);

  async function save(text: string) {
    if (await send(api.patch(url, { [field]: text }))) {
      setEditing(false);
      onSaved();
    }
  }
  async function remove() {
    setRemoving(true);
    const done = await send(api.delete(url));
    setRemoving(false);
    if (done) onRemoved();
  }

  return { editing, setEditing, removing, save, remove };
}

/** 'Editar' and 'Apagar', side by side in what they belong to. */
export function OwnTextButtons({
  onEdit,
  onRemove,
  removing,
}: {
  onEdit: () => void;
  onRemove: () => void;
  removing: boolean;
}) {
  return (
    <>
      <Button size="sm" variant="ghost" onClick={onEdit}>
        Editar
      </Button>
      <Button size="sm" variant="ghost" pending={removing} onClick={onRemove}>
        Apagar
      </Button>
    </>
  );
}
