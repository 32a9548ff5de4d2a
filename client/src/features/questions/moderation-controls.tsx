import { HIDE_NOTE_MAX_LENGTH } from '@aprendiz/contract/rules/questions';
import { useState } from 'react';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';
import { Button, type ButtonVariant } from '../../components/ui/button';
import { TextEditForm } from '../../components/ui/text-edit-form';

/** What the author and the educator read on a hidden post; nobody else sees the post at all. */
export function HiddenNote({ note }: { note: string | null }) {
  return (
    <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
      Oculta pelo educador{note ? `: ${note}` : ''}
    </p>
  );
}

/** The educator hides a post with a note to its author, who still sees it (with the note). */
export function HideControl({
  url,
  label,
  variant = 'ghost',
  onHidden,
}: {
  /** POST /api/questions/:id/hide or /api/answers/:id/hide. */
  url: string;
  label: string;
  /** How the closed control looks: 'secondary' beside other buttons of its weight. */
  variant?: ButtonVariant;
  onHidden: (note: string) => void;
}) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button size="sm" variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
    );
  }
  async function hide(note: string) {
    if (await send(api.post(url, { note }))) {
      setOpen(false);
      onHidden(note.trim());
    }
  }
  return (
    <TextEditForm
      label="Nota ao autor (por que foi ocultada)"
      maxLength={HIDE_NOTE_MAX_LENGTH}
      rows={2}
      saveLabel={label}
      saveVariant="danger"
      compact
      onSave={hide}
      onCancel={() => setOpen(false)}
    />
  );
}

/** The educator takes a hiding back: the post is shown to everyone again and the note goes. */
export function ShowAgainButton({ url, onShown }: { url: string; onShown: () => void }) {
  const [busy, setBusy] = useState(false);
  async function show() {
    setBusy(true);
    const done = await send(api.post(url));
    setBusy(false);
    if (done) onShown();
  }
  return (
    <Button size="sm" variant="secondary" pending={busy} onClick={() => void show()}>
      Mostrar novamente
    </Button>
  );
}
