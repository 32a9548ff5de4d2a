/**
 * The educator applications journey's admins on its own deployment (EDUCATOR_APPLICATIONS=on):
 * ADMIN_EMAILS makes them admins at sign-up, one per viewport and attempt, since each turns
 * two-step on for good.
 */
export function applicationsAdminEmail(project: string, retry: number): string {
  return `candidaturas-${project}-${retry}@exemplo.test`;
}

export const APPLICATIONS_ADMIN_EMAILS = ['desktop', 'phone']
  .flatMap((project) => [0, 1, 2].map((retry) => applicationsAdminEmail(project, retry)))
  .join(',');
