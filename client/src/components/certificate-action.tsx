import type { CertificateIdResponse } from '@aprendiz/contract/certificates';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { loadApi } from '../lib/load-api';
import { certificatePath } from '../config/certificate-path';
import { focusRing } from './ui/focus-ring';
import { send } from '../lib/send';

/**
 * 'Certificado' on a completed course: asks the server for the learner's certificate (issued on the
 * first ask) and opens its public page. A shared control, apart from the certificates feature (its
 * page and QR code): My Courses hydrates one per finished course, and a press before hydration is
 * held and handed to it, so it must be there with the page, without the feature.
 */
export function CertificateAction({
  courseId,
  courseTitle,
}: {
  courseId: string;
  courseTitle: string;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function open() {
    setBusy(true);
    const data = await send(
      loadApi().then((api) =>
        api.post<CertificateIdResponse>(`/api/user/certificate/${encodeURIComponent(courseId)}`),
      ),
    );
    if (data) void navigate(certificatePath(data.certificateId));
    else setBusy(false);
  }

  return (
    <button
      type="button"
      onClick={() => void open()}
      disabled={busy}
      aria-busy={busy}
      // The course names the button among the list's others (an sr-only span would read 'Certificado :').
      aria-label={`Certificado: ${courseTitle}`}
      className={`inline-block rounded-md bg-green-700 px-4 py-2 text-center text-sm font-medium whitespace-nowrap text-white hover:bg-green-800 ${focusRing} disabled:opacity-60`}
    >
      Certificado
    </button>
  );
}
