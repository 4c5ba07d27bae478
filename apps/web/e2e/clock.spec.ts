import { formatClock } from '@krone/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { platformUrl, storefrontHeaders } from './platform';

const MINUTE = 60_000;

/** The server's time as the storefront hands it to the clock (GET /api/time). */
async function serverNow(request: APIRequestContext): Promise<Date> {
  const answer = (await (await request.get('/api/time')).json()) as { data: { now: string } };
  return new Date(answer.data.now);
}

/**
 * Whether the header clock shows the server's Copenhagen time, plus `aheadMs` (the minute may turn
 * while the page is read, so the time before and after reading both count).
 */
async function showsServerTime(page: Page, request: APIRequestContext, aheadMs = 0): Promise<string | true> {
  const before = await serverNow(request);
  const shown = await page.getByTestId('header-clock').textContent();
  const after = await serverNow(request);
  const expected = [before, after].map((time) => formatClock(new Date(time.getTime() + aheadMs)));
  return expected.includes(shown ?? '') ? true : `shown ${shown}, server ${expected.join(' or ')}`;
}

/** Goes to the news page by the menu, as a visitor would. */
async function clickToNews(page: Page) {
  await page.getByTestId('menu-toggle').click();
  await page.getByTestId('menu-panel').getByRole('link', { name: 'Nyheder' }).click();
  await expect(page).toHaveURL(/\/nyheder$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('the header clock shows the server’s Copenhagen time on every width, whatever the device’s clock says', async ({ page, request }) => {
  // The device's clock is more than 25 years and some hours off.
  const deviceTime = new Date('2001-03-04T05:06:07Z');
  await page.clock.install({ time: deviceTime });
  await page.goto('/');
  await hydrated(page);
  await clickToNews(page);
  const clock = page.getByTestId('site-header').getByTestId('header-clock');
  await expect(clock).toBeVisible();
  await expect(clock).toHaveText(/^\d{2}:\d{2}$/);
  await expect.poll(() => showsServerTime(page, request)).toBe(true);
  expect(await clock.textContent()).not.toBe(formatClock(deviceTime));
  // The clock sits inside the header's row, not pushed out of a phone's screen.
  const box = (await clock.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);

  // The visitor sets the device's clock during the visit: the clock does not follow it.
  await page.clock.setSystemTime(new Date('2035-07-01T20:00:00Z'));
  await expect.poll(() => showsServerTime(page, request)).toBe(true);
});

test('the clock ticks every second from the server’s answer, not from the device’s clock', async ({ page }) => {
  // The server says 14:59:58 in Copenhagen; the device's clock, held still, says 2001.
  await page.route('**/api/time', (route) => route.fulfill({ json: { result: 1, data: { now: '2026-11-22T13:59:58.000Z' } } }));
  await page.clock.install({ time: new Date('2001-03-04T05:06:07Z') });
  await page.clock.pauseAt(new Date('2001-03-04T05:06:07.500Z'));
  await page.goto('/kampagner');
  await hydrated(page);
  const clock = page.getByTestId('header-clock');
  await expect(clock).toHaveText('14:59');
  await expect(clock).toHaveAttribute('aria-label', /14:59/);
  await page.clock.fastForward(3000);
  await expect(clock).toHaveText('15:00');
});

test('a campaign’s page, which shows no header, still shows the clock', async ({ page, request }) => {
  await page.goto('/kampagner');
  await hydrated(page);
  await page.locator('main a[href="/kampagner/velkomstbonus"]').first().click();
  await expect(page).toHaveURL(/\/kampagner\/velkomstbonus$/);
  await expect(page.getByTestId('site-header')).toHaveCount(0);
  await expect(page.getByTestId('chrome-clock').getByTestId('header-clock')).toHaveText(/^\d{2}:\d{2}$/);
  await expect.poll(() => showsServerTime(page, request)).toBe(true);
});

test('the clock follows the platform’s clock when it is moved @clock', async ({ page, request }) => {
  const aheadMs = 5 * 60 * MINUTE + 17 * MINUTE;
  try {
    expect((await request.put(`${platformUrl}/Test/clock`, { headers: storefrontHeaders, data: { offsetMs: aheadMs } })).ok()).toBe(true);
    // The device's clock is right; the storefront's own server clock is right: only the platform moved.
    await page.goto('/');
    await hydrated(page);
    await page.locator('footer a[href="/ansvarlighed"]').first().click();
    await expect(page).toHaveURL(/\/ansvarlighed$/);
    await expect(page.getByTestId('header-clock')).toBeVisible();
    await expect.poll(() => showsServerTime(page, request)).toBe(true);
    const moved = formatClock(new Date(Date.now() + aheadMs));
    const unmoved = formatClock(new Date());
    expect(moved).not.toBe(unmoved);
    await expect(page.getByTestId('header-clock')).not.toHaveText(unmoved);
  } finally {
    await request.put(`${platformUrl}/Test/clock`, { headers: storefrontHeaders, data: { offsetMs: 0 } });
  }
});
