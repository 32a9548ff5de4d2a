import type { Certificate } from '@aprendiz/contract/certificates';

const LINKEDIN_ADD_TO_PROFILE = 'https://www.linkedin.com/profile/add';

/**
 * LinkedIn's add-to-profile address: its 'Add license or certification' form opens filled in with
 * the course, the issuer, the month it was completed (as the page dates it, in UTC), the
 * certificate's address and its code.
 */
export function linkedInAddToProfileUrl(
  id: string,
  certificate: Pick<Certificate, 'courseTitle' | 'completedAt' | 'url'>,
  organization: string,
): string {
  const completed = new Date(certificate.completedAt);
  const fields: [string, string][] = [
    ['startTask', 'CERTIFICATION_NAME'],
    ['name', certificate.courseTitle],
    ['organizationName', organization],
    ['issueYear', String(completed.getUTCFullYear())],
    ['issueMonth', String(completed.getUTCMonth() + 1)],
    ['certUrl', certificate.url],
    ['certId', id],
  ];
  const query = fields.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  return `${LINKEDIN_ADD_TO_PROFILE}?${query}`;
}

/** Puts `text` on the clipboard; rejects where there is none (an http page) or it is refused. */
export async function copyToClipboard(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.clipboard) {
    throw new Error('no clipboard on this page');
  }
  await navigator.clipboard.writeText(text);
}
