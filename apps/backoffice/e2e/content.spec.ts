import { expect, test } from '@playwright/test';
import { seriousViolations, signIn, WEB } from './staff';

/**
 * Content's kinds beyond pages and news (docs/backoffice.md, "Content"): a campaign made in the back
 * office, previewed on the storefront and published to /kampagner at once.
 */
test('content makes a campaign, previews it on the storefront and publishes it to the campaigns list', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const slug = `julekalender-${Date.now().toString(36).slice(-5)}`;
  await signIn(page, 'christian');
  await page.getByTestId('nav-content').click();
  await page.getByTestId('content-kind-campaign').click();
  await expect(page.getByTestId('content-items')).toContainText('Velkomstbonus');
  await page.getByTestId('content-new-slug').fill(slug);
  await page.getByTestId('content-new').click();
  await page.getByTestId('field-title').fill('Julekalender');
  await page.getByTestId('field-subLine').fill('En ny overraskelse hver dag i december');
  await page.getByTestId('field-image').fill('https://cdn.krone-casino.dk/media/campaigns/campaign-01.webp');
  await page.getByTestId('field-body').fill('<p>Åbn en låge hver dag og se dagens spil.</p>');
  await page.getByTestId('field-terms').fill('<ol><li>Gælder spillere over 21 år med en konto hos Krone.</li></ol>');
  await page.getByTestId('field-ctaText').fill('Se spillene');
  await page.getByTestId('field-ctaUrl').fill('/spilleautomater');
  await page.getByTestId('field-startsAt').fill(new Date(Date.now() - 3_600_000).toISOString());
  await page.getByTestId('field-endsAt').fill(new Date(Date.now() + 30 * 86_400_000).toISOString());
  await page.getByTestId('content-save').click();
  await expect(page.getByTestId('content-saved')).toContainText('Kladden er gemt');
  expect(await seriousViolations(page)).toEqual([]);

  const visitor = await (await browser.newContext({ baseURL: WEB, locale: 'da-DK', timezoneId: 'Europe/Copenhagen' })).newPage();
  const previewUrl = await page.getByTestId('content-preview').getAttribute('href');
  await visitor.goto(previewUrl!);
  await expect(visitor.getByTestId('preview-banner')).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Julekalender');
  await expect(visitor.getByText('Gælder spillere over 21 år med en konto hos Krone.')).toBeVisible();

  await page.getByTestId('content-publish').click();
  await page.getByTestId('reason-input').fill('Decemberkampagne');
  await page.getByTestId('reason-submit').click();
  await expect(page.getByTestId('action-success')).toContainText('Udgivet');
  // On the storefront at once, reached the way a player does: the campaigns list, then the campaign.
  await visitor.goto('/kampagner');
  await visitor
    .getByRole('link', { name: /Julekalender/ })
    .first()
    .click();
  await expect(visitor).toHaveURL(new RegExp(`/kampagner/${slug}$`));
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Julekalender');
  await visitor.context().close();
});
