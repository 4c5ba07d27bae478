import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

/** Console errors a page printed; a healthy page prints none. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

/** Serious or critical accessibility violations on the page (axe). */
export async function seriousViolations(page: Page) {
  // The page as it settles: after a navigation inside the app the new title streams in with the
  // page's metadata a moment after its content (Next's streamed metadata); audit once it is there.
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

/** Waits until the page has hydrated (the client runtime marks <html>). */
export async function hydrated(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1440) < 768;

/**
 * Logs a demo account in through the MitID stand-in from a login-required page: opens `redirect`,
 * is sent to the login page, picks the identity, comes back to `redirect`, closes the welcome popup
 * and declines the marketing popup when it shows. The session cookie's value (the platform token).
 */
export async function logInByMitId(page: Page, redirect: string, identity: string) {
  await page.goto(redirect);
  await hydrated(page);
  await expect(page).toHaveURL(new RegExp(`/log-ind\\?redirect=${encodeURIComponent(redirect)}$`));
  await page.getByTestId('login-mitid').click();
  await page.getByTestId(`identity-${identity}`).click();
  await page.waitForURL((url) => url.pathname === redirect, { timeout: 15_000 });
  const popup = page.getByTestId('welcome-popup');
  await expect(popup).toBeVisible({ timeout: 10_000 });
  await popup.getByRole('button', { name: 'Luk' }).click();
  const marketing = page.getByTestId('marketing-popup');
  if (
    await marketing.waitFor({ state: 'visible', timeout: 6_000 }).then(
      () => true,
      () => false,
    )
  ) {
    await marketing.getByTestId('marketing-decline').click();
    await expect(marketing).toBeHidden();
  }
  return (await page.context().cookies()).find((cookie) => cookie.name === 'krone_session')!.value;
}

/** A menu entry, clicked as a player does (the menu opened from its toggle). */
export async function fromMenu(page: Page, name: string) {
  // The cookie banner may come up while the menu is open, and answering it closes the menu: opened again then.
  await expect(async () => {
    if (!(await page.getByTestId('menu-panel').isVisible())) await page.getByTestId('menu-toggle').click();
    await page.getByTestId('menu-panel').getByRole('link', { name, exact: true }).first().click({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}
