/**
 * The console journey's admins: the config's ADMIN_EMAILS makes them admins at sign-up, one per
 * viewport and attempt (a retry signs up the next), since each turns two-step on for good.
 */
export function consoleAdminEmail(project: string, retry: number): string {
  return `console-${project}-${retry}@exemplo.test`;
}

export const CONSOLE_ADMIN_EMAILS = ['desktop', 'phone']
  .flatMap((project) => [0, 1, 2].map((retry) => consoleAdminEmail(project, retry)))
  .join(',');
