import type { Page } from '@playwright/test';

/** The bottom bar's Perfil button (phone), which opens sign-in or, signed in, the account menu. */
function phoneProfileButton(page: Page) {
  return page
    .getByRole('navigation', { name: 'Navegação inferior' })
    .getByRole('button', { name: 'Perfil' });
}

/** The visible 'Começar' of the top bar (desktop) or the bottom bar's Perfil (phone). */
export function signInTrigger(page: Page, isMobile: boolean) {
  return isMobile
    ? phoneProfileButton(page)
    : page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'Começar' });
}

/** Opens sign-in from the bar's trigger (see signInTrigger). */
export async function openSignInFromBar(page: Page, isMobile: boolean): Promise<void> {
  await signInTrigger(page, isMobile).click();
}

/** The signed-in account menu of the top bar (desktop) or of the bottom bar's Perfil (phone). */
export async function openAccountMenu(page: Page, isMobile: boolean): Promise<void> {
  if (isMobile) await phoneProfileButton(page).click();
  else await page.getByRole('button', { name: 'Menu da conta' }).click();
}
