import { expect, hydrated, isPhone, logInByMitId, test } from './fixtures';

/**
 * The header as the content's layout settings draw it (spec §3 and §6, lib/header-layout.ts): the
 * demo content switches the deposit button and the balance on at every size, the welcome from lg
 * up, and puts the login button before the register button.
 */
const HEADER_PLAYER = { phone: '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f61', desktop: '7c1f0a52-3f0e-4b8a-9a55-0d6a1c2b3f62' };

test('a guest sees login before register, no deposit button, the menu in the content icon and background, and the background logo', async ({
  page,
}) => {
  await page.goto('/nyheder');
  await hydrated(page);
  const header = page.getByTestId('site-header');
  const login = header.getByRole('link', { name: 'Log ind' });
  const register = header.getByRole('link', { name: 'Opret konto' });
  await expect(login).toBeVisible();
  await expect(register).toBeVisible();
  const [loginBox, registerBox] = [await login.boundingBox(), await register.boundingBox()];
  expect(loginBox!.x).toBeLessThan(registerBox!.x);
  await expect(page.getByTestId('header-topup')).toHaveCount(0);

  // The menu button draws the content's icon (images.general.icon_menu); open, the close cross.
  await expect(page.getByTestId('menu-icon')).toBeVisible();
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByTestId('menu-panel')).toHaveClass(/has-background/);
  const background = await page.getByTestId('menu-panel').evaluate((panel) => getComputedStyle(panel).backgroundImage);
  expect(background).toContain('/media/general/bg-menu-2.webp');
  await expect(page.getByTestId('menu-icon')).toHaveCount(0);

  // Above the footer, the wallpaper's background logo: the picture of this screen's size.
  await page.keyboard.press('Escape');
  const logo = page.getByTestId('wallpaper-logos').locator('img');
  await expect(logo).toHaveCount(1);
  await logo.scrollIntoViewIfNeeded();
  await expect
    .poll(() => logo.evaluate((image: HTMLImageElement) => image.currentSrc))
    .toContain(isPhone(page) ? 'background-logo-xs.webp' : 'background-logo-xl.webp');
});

test('a player has the deposit button, the balance with its icon and, on a wide screen, the welcome', async ({ page }) => {
  const phone = isPhone(page);
  await logInByMitId(page, '/min-konto/oversigt', HEADER_PLAYER[phone ? 'phone' : 'desktop']);
  const header = page.getByTestId('site-header');
  await expect(header.getByTestId('header-credit')).toBeVisible();
  await expect(header.getByTestId('header-credit').locator('img.header-credit-icon')).toHaveAttribute('src', /logo-credit-1\.png/);
  if (phone) {
    // The welcome is off below lg; "Min konto" is an icon with its name for screen readers.
    await expect(header.getByTestId('header-welcome')).toBeHidden();
    await expect(header.getByRole('link', { name: 'Min konto' })).toBeVisible();
  } else {
    await expect(header.getByTestId('header-welcome')).toHaveText('Hej Hugo');
  }

  await page.goto('/nyheder');
  await hydrated(page);
  await expect(header.getByTestId('header-credit')).toBeVisible();
  // Everything in the header fits the screen, and each button is its own to press: at the top
  // and in the fixed header after scrolling (where the logo changes picture).
  const width = page.viewportSize()!.width;
  const fits = async () => {
    for (const element of await header.locator('.header-end > :visible').all()) {
      const box = await element.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      const own = await element.evaluate((node) => {
        const rect = node.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
        return hit !== null && node.contains(hit);
      });
      expect(own).toBe(true);
    }
  };
  await fits();
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect(header).toHaveClass(/is-fixed/);
  await fits();
  await page.evaluate(() => window.scrollTo(0, 0));
  const topup = page.getByTestId('header-topup');
  await expect(topup).toHaveText('Indbetal');
  await topup.click();
  await expect(page).toHaveURL(/\/min-konto\/overfoer$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
