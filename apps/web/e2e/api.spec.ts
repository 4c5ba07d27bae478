import sharp from 'sharp';
import { signSiteInfo } from '../src/lib/site-info-signature';
import { expect, test } from './fixtures';

// The product calls of spec §7, through the storefront (the browser's only door to the platform).
// Server calls: run in the desktop project only (see playwright.config.ts).
test.describe('product calls', () => {
  test('translations, images, layouts, menu and footer answer result 1', async ({ request }) => {
    for (const path of ['/api/translations', '/api/images', '/api/layouts', '/api/menu', '/api/footer']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect((await response.json()).result, path).toBe(1);
    }
    const images = await (await request.get('/api/images')).json();
    // The configured content base is replaced by the store base.
    expect(JSON.stringify(images)).not.toContain('cdn.krone-casino.dk');
    expect(images.data.general.logo.url).toBe('/media/general/logo.png');
  });

  test('the old site’s /_ipx image addresses are answered: format, size, fit, quality and background, at 1x and 2x', async ({
    request,
  }) => {
    const picture = async (path: string) => {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const body = await response.body();
      return { type: response.headers()['content-type'], cache: response.headers()['cache-control'], ...(await sharp(body).metadata()) };
    };
    // The wallpaper's top logo as the old content wrote it: the content URL, 210×72 as WebP.
    const top = await picture('/_ipx/f_webp,fit_contain,s_210x72,b_ffffff/https://cdn.krone-casino.dk/media/general/logo.png');
    expect(top).toMatchObject({ type: 'image/webp', format: 'webp', width: 210, height: 72, cache: 'public, max-age=86400' });
    // Densities 1 and 2: the same picture at twice the width; the site's own path works too.
    expect(await picture('/_ipx/w_120&q_70/media/general/logo.png')).toMatchObject({ type: 'image/png', width: 120 });
    expect(await picture('/_ipx/w_240&q_70/media/general/logo.png')).toMatchObject({ width: 240 });
    expect(await picture('/_ipx/_/media/general/icon-192.png')).toMatchObject({ width: 192, height: 192 });
    // Nothing but the site's own media, and a bad modifier is a clear refusal.
    for (const path of [
      '/_ipx/w_100/https://evil.example/media/x.png',
      '/_ipx/w_100/media/findes-ikke.png',
      '/_ipx/w_100/media/../package.json',
    ]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
    const bad = await request.get('/_ipx/w_99999/media/general/logo.png');
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
  });

  test('navigation gives a guest no login-only entries and refuses a foreign origin', async ({ request, baseURL }) => {
    const answer = await request.post('/api/navigation', { data: { active: true, isAdmin: true }, headers: { origin: baseURL! } });
    const body = await answer.json();
    expect(body.result).toBe(1);
    expect(JSON.stringify(body.data)).not.toContain('"my_account"');
    const forged = await request.post('/api/navigation', {
      data: { active: true, isAdmin: false },
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status()).toBe(403);
    expect((await forged.json()).code).toBe('FORBIDDEN_ORIGIN');
  });

  test('news list and detail follow the spec, a missing item is 404 "not found" (in Danish)', async ({ request }) => {
    const list = await (
      await request.post('/api/news/news-list', {
        data: { PageSize: 10, CurrentPage: 2, showArticleInNewsList: true, status: 'published' },
      })
    ).json();
    expect(list.currentPage).toBe(2);
    expect(list.data).toHaveLength(10);
    const bad = await request.post('/api/news/news-list', { data: { PageSize: 0, CurrentPage: 1 } });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).code).toBe('INVALID_INPUT');
    const detail = await request.post('/api/news/news-detail', { data: { slug: list.data[0].newsSlug } });
    expect((await detail.json()).data.title).toBe(list.data[0].title);
    const missing = await request.post('/api/news/news-detail', { data: { slug: 'findes-ikke' } });
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ result: 0, code: 'NEWS_NOT_FOUND', message: 'Det, du leder efter, findes ikke.' });
  });

  test('seo falls back to seo_home and theme calls answer the operator themes', async ({ request }) => {
    const seo = await (await request.post('/api/seo', { data: { slug: 'ingen-saerlig-side' } })).json();
    expect(seo.data.fallback).toBe(true);
    const buttons = await (await request.post('/api/theme-button')).json();
    expect(Object.keys(buttons.data)).toContain('contact_form');
    const inputs = await (await request.post('/api/theme-input')).json();
    expect(Object.keys(inputs.data)).toContain('deposit_step1');
    const content = await (await request.post('/api/main-content', { data: { name: 'home' } })).json();
    expect(content.data.banners.length).toBeGreaterThan(0);
  });

  test('siteInfo needs a fresh, correctly signed key pair', async ({ request }) => {
    expect((await request.get('/api/siteInfo')).status()).toBe(401);
    const timestamp = String(Date.now());
    const key = process.env.NEXT_PUBLIC_SITE_INFO_KEY ?? 'krone-development-site-info-key';
    const good = await request.get('/api/siteInfo', {
      headers: { 'x-timestamp': timestamp, 'x-api-key': await signSiteInfo(key, timestamp) },
    });
    expect(good.status()).toBe(200);
    expect((await good.json()).data.brand).toBe('Krone Casino');
    const stale = String(Date.now() - 10 * 60 * 1000);
    const old = await request.get('/api/siteInfo', { headers: { 'x-timestamp': stale, 'x-api-key': await signSiteInfo(key, stale) } });
    expect(old.status()).toBe(401);
    const wrong = await request.get('/api/siteInfo', { headers: { 'x-timestamp': timestamp, 'x-api-key': 'f'.repeat(64) } });
    expect((await wrong.json()).code).toBe('SITE_INFO_WRONG');
  });

  test('cookie get and set work for the allowed client values only', async ({ request, baseURL }) => {
    const set = await request.post('/api/cookie', {
      data: { key: 'accept_news', value: '1', max_age: 3600 },
      headers: { origin: baseURL! },
    });
    expect((await set.json()).success).toBe(true);
    const read = await (await request.get('/api/cookie?key=accept_news')).json();
    expect(read).toEqual({ success: true, cookie: '1' });
    const refused = await request.post('/api/cookie', { data: { key: 'session', value: 'x', max_age: 60 }, headers: { origin: baseURL! } });
    expect(refused.status()).toBe(400);
  });

  test('the connectivity ping answers HEAD /favicon.ico', async ({ request }) => {
    expect((await request.head('/favicon.ico')).status()).toBe(200);
  });

  test('an old browser is sent to the unsupported screen with its message', async ({ request }) => {
    const response = await request.get('/nyheder', {
      maxRedirects: 0,
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko' },
    });
    expect(response.status()).toBe(307);
    expect(response.headers().location).toContain('/unsupported?reason=ie');
    const screen = await request.get('/unsupported?reason=ios');
    expect(await screen.text()).toContain('iOS');
  });
});

test.describe('player calls without a session', () => {
  test('betwin-summary and account-summary answer result 0 no-session, and refuse a foreign origin', async ({ request, baseURL }) => {
    for (const path of ['/api/user/betwin-summary', '/api/deposit/account-summary']) {
      const answer = await request.post(path, { data: {}, headers: { origin: baseURL! } });
      expect(answer.status(), path).toBe(200);
      expect(await answer.json(), path).toEqual({ result: 0, message: 'no-session' });
      const forged = await request.post(path, { data: {}, headers: { origin: 'https://evil.example' } });
      expect(forged.status(), path).toBe(403);
    }
    // What a form on another page could send (a simple request) is refused even with our origin.
    const formLike = await request.post('/api/user/notify', {
      data: '{"emailNotify":true,"smsNotify":true}',
      headers: { origin: baseURL!, 'content-type': 'text/plain' },
    });
    expect(formLike.status()).toBe(403);
    const withDeadSession = await request.post('/api/user/betwin-summary', {
      data: {},
      headers: { origin: baseURL!, cookie: 'krone_session=not-a-session' },
    });
    expect(await withDeadSession.json()).toEqual({ result: 0, message: 'no-session' });
  });
});

test.describe('security headers', () => {
  test('pages for one visitor get a fresh nonce policy their scripts carry; cached pages a static one; none may be framed', async ({
    request,
  }) => {
    const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1];
    const first = await request.get('/log-ind');
    const second = await request.get('/log-ind');
    const policy = first.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).toContain("frame-ancestors 'none'");
    const nonce = nonceOf(policy);
    expect(nonce).toBeTruthy();
    expect(nonceOf(second.headers()['content-security-policy'] ?? '')).not.toBe(nonce);
    // Every script file Next loads carries this response's nonce (our one inline boot script is
    // allowed by its hash instead).
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="[^"]*"[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    const home = (await request.get('/')).headers()['content-security-policy'] ?? '';
    expect(home).toContain("frame-ancestors 'none'");
    expect(home).toContain("object-src 'none'");
    expect(home).not.toContain("'nonce-");
    expect((await request.get('/')).headers()['x-frame-options']).toBe('DENY');
  });
});
