import { MITID_IDENTITIES } from '@krone/sims/identities';
import { expect, hydrated, test } from './fixtures';

// Dorte Demo has a demo account; logging in changes nothing other tests read.
const dorte = MITID_IDENTITIES.find((identity) => identity.uuid === '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3e14')!;

test('a visitor who opens the site on localhost is sent to its canonical address before login, and the MitID login succeeds', async ({
  page,
  request,
  baseURL,
  consoleErrors,
}) => {
  // The canonical address is the configured public URL (WEB_PUBLIC_URL, 127.0.0.1); the brokers
  // return the browser there, so the login must start there too.
  const canonical = new URL(baseURL!);
  const elsewhere = `http://localhost:${canonical.port}`;

  // A page on the other host answers with a permanent redirect to the same path and query.
  const answer = await request.get(`${elsewhere}/nyheder?side=2`, { maxRedirects: 0 });
  expect(answer.status()).toBe(308);
  expect(answer.headers().location).toBe(`${canonical.origin}/nyheder?side=2`);

  await page.goto(`${elsewhere}/log-ind?redirect=%2Fmin-konto%2Foversigt`);
  await expect(page).toHaveURL(`${canonical.origin}/log-ind?redirect=%2Fmin-konto%2Foversigt`);
  await hydrated(page);
  await page.getByTestId('login-mitid').click();
  await page.getByTestId(`identity-${dorte.uuid}`).click();
  await page.waitForURL(`${canonical.origin}/min-konto/oversigt`, { timeout: 15_000 });
  await hydrated(page);
  await expect(page.getByTestId('header-account')).toBeVisible();
  await expect(page.getByText('Login kunne ikke bekræftes af sikkerhedshensyn. Prøv igen.')).toHaveCount(0);
  expect(consoleErrors.filter((message) => !/status of 4\d\d/.test(message))).toEqual([]);
});
