import { expect, seriousViolations, test } from './fixtures';

async function fillForm(page: import('@playwright/test').Page, message: string) {
  await page.getByLabel('Navn').fill('Mette Hansen');
  await page.getByLabel('E-mail').fill('mette@example.dk');
  await page.getByLabel('Emne').selectOption('account');
  await page.getByLabel('Besked').fill(message);
}

test('the contact form refuses to send without a solved captcha', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/contact')) posts.push(request.url());
  });
  await page.goto('/kontaktos');
  await fillForm(page, 'Jeg kan ikke finde mine kontoindstillinger.');
  await page.getByRole('button', { name: 'Send besked' }).click();
  await expect(page.getByText('Bekræft venligst, at du ikke er en robot.')).toBeVisible();
  expect(posts).toEqual([]);
  // What the player typed stays.
  await expect(page.getByLabel('Besked')).toHaveValue('Jeg kan ikke finde mine kontoindstillinger.');
});

test('the contact form sends with a solved captcha and shows the Danish receipt', async ({ page, consoleErrors }) => {
  await page.goto('/kontaktos');
  await fillForm(page, 'Hvordan sætter jeg en indbetalingsgrænse på min konto?');
  // The widget draws its own box over the input; click it the way a person would.
  await page.getByText('Bekræft, at du ikke er en robot').click();
  await expect(page.getByText('Bekræftet', { exact: false }).first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Send besked' }).click();
  await expect(page.getByText('Tak for din besked! Vi vender tilbage hurtigst muligt.')).toBeVisible();
  await expect(page.getByLabel('Besked')).toHaveValue('');
  expect(await seriousViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('the contact form shows Danish errors beside the fields', async ({ page }) => {
  await page.goto('/kontaktos');
  await page.getByLabel('E-mail').fill('ikke-en-mail');
  await page.getByLabel('Besked').fill('for kort');
  await page.getByRole('button', { name: 'Send besked' }).click();
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Besked')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('E-mail')).toHaveValue('ikke-en-mail');
});
