import { POST_BODY_MAX_LENGTH, withinEditWindow } from '@aprendiz/contract/rules/questions';
import { OwnTextButtons, useOwnTextActions } from '../../components/own-text-actions';
import { TextEditForm } from '../../components/ui/text-edit-form';

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
  const { editing, setEditing, removing, save, remove } = useOwnTextActions(url, {
    field: 'body',
    onSaved: onEdited,
    onRemoved: onDeleted,
  });
  if (authorId !== viewerId || !withinEditWindow(createdAt)) return null;

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
    <OwnTextButtons
      onEdit={() => setEditing(true)}
      onRemove={() => void remove()}
      removing={removing}
    />
  );
}
