import { REPORT_REASON_MAX_LENGTH } from '@aprendiz/contract/rules/questions';
import { useState } from 'react';
import { loadApi } from '../lib/load-api';
import { send } from '../lib/send';
import { notify } from './toast';
import { Button } from './ui/button';
import { TextEditForm } from './ui/text-edit-form';

/**
 * 'Denunciar' on something another person wrote (a question, an answer, a written review), saying
 * why if they like; the server answers who will look at it. The API client is fetched on the first
 * report, since the course page hydrates this for readers who never report anything.
 */
export function ReportControl({ url, label }: { url: string; label?: string }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button size="sm" variant="ghost" aria-label={label} onClick={() => setOpen(true)}>
        Denunciar
      </Button>
    );
  }
  async function report(reason: string) {
    const body = reason.trim() === '' ? {} : { reason };
    const done = await send(loadApi().then((api) => api.post<{ message: string }>(url, body)));
    if (done) {
      setOpen(false);
      notify.success(done.message);
    }
  }
  return (
    <TextEditForm
      label="Motivo da denúncia (opcional)"
      maxLength={REPORT_REASON_MAX_LENGTH}
      rows={2}
      saveLabel="Enviar denúncia"
      compact
      required={false}
      onSave={report}
      onCancel={() => setOpen(false)}
    />
  );
}
