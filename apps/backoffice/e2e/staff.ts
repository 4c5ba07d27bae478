import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The back office's browser tests' shared steps: the demo staff, signing in as a person does, axe. */
export const STAFF = {
  sofie: 'Sofie Support',
  peter: 'Peter Penge',
  pia: 'Pia Penge',
  karen: 'Karen Kontrol',
  christian: 'Christian Indhold',
  maja: 'Maja Marketing',
  anders: 'Anders Admin',
  astrid: 'Astrid Admin',
  nanna: 'Nanna Nyansat',
} as const;
export type Username = keyof typeof STAFF | 'enkelt';

/** Signs in as a person would: the back office's button, the IdP's password step, then the code it shows (the stand-in's hint). */
export async function signIn(page: Page, username: Username) {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await page.getByTestId('login-button').click();
  await page.getByTestId('staff-idp-username').fill(username);
  await page.getByTestId('staff-idp-password').fill(`krone-demo-${username}`);
  await page.getByTestId('staff-idp-submit').click();
  if (username === 'enkelt') return;
  const code = (await page.getByTestId('staff-idp-demo-code').innerText()).replace(/\D/g, '');
  await page.getByTestId('staff-idp-code').fill(code);
  await page.getByTestId('staff-idp-submit').click();
  await expect(page.getByTestId('staff-name')).toHaveText(STAFF[username]);
}

export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

export async function openPlayer(page: Page, query: string) {
  await page.getByTestId('nav-players').click();
  await page.getByTestId('player-search-input').fill(query);
  await page.getByTestId('player-search-submit').click();
  await page.getByRole('link', { name: query }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(query);
}

/** The storefront of the same run, where the player is. */
export const WEB = process.env.E2E_WEB_URL ?? 'http://127.0.0.1:3100';
