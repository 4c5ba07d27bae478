import { STAFF_PEOPLE } from '../src/staff-people.js';

/**
 * A tiny stand-in for a person's browser in tests: keeps cookies, follows redirects by hand and
 * stops at the relying party's callback, as a real browser would hand it to the storefront.
 */
export function createBrowser(stopAt: string) {
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  async function go(url: string, init: RequestInit = {}): Promise<{ url: string; response: Response }> {
    let current = url;
    let request: RequestInit = init;
    for (let hop = 0; hop < 10; hop++) {
      if (current.startsWith(stopAt)) return { url: current, response: new Response(null) };
      const response = await fetch(current, {
        ...request,
        redirect: 'manual',
        headers: { ...(request.headers as Record<string, string>), cookie: cookieHeader() },
      });
      remember(response);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        current = new URL(location, current).toString();
        request = {};
        continue;
      }
      return { url: current, response };
    }
    throw new Error('too many redirects');
  }

  /** Opens the broker's login page and picks a test person by their id. */
  async function loginAs(authorizationUrl: string, accountId: string): Promise<URL> {
    const page = await go(authorizationUrl);
    const html = await page.response.text();
    const action = new RegExp(`action="([^"]+/login)"[^]*?value="${accountId}"`).exec(html)?.[1];
    if (!action) throw new Error(`no login form for ${accountId} on ${page.url}: ${html.slice(0, 300)}`);
    const done = await go(new URL(action, page.url).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ accountId }).toString(),
    });
    return new URL(done.url);
  }

  async function cancel(authorizationUrl: string): Promise<URL> {
    const page = await go(authorizationUrl);
    const html = await page.response.text();
    const action = /action="([^"]+\/abort)"/.exec(html)?.[1];
    if (!action) throw new Error('no cancel form');
    const done = await go(new URL(action, page.url).toString(), { method: 'POST' });
    return new URL(done.url);
  }

  const submit = (url: URL, fields: Record<string, string>) =>
    go(url.toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  /** Logs in at the staff IdP stand-in as a demo member: their password, then the code its page shows. */
  async function loginAsStaff(authorizationUrl: string, username: string): Promise<URL> {
    const member = STAFF_PEOPLE.find((person) => person.username === username);
    if (!member) throw new Error(`no demo staff member ${username}`);
    const page = await go(authorizationUrl);
    const html = await page.response.text();
    const action = /action="([^"]+\/password)"/.exec(html)?.[1];
    if (!action) throw new Error(`no staff login form on ${page.url}: ${html.slice(0, 300)}`);
    const afterPassword = await submit(new URL(action, page.url), { username, password: member.password });
    if (!member.secondFactor) return new URL(afterPassword.url);
    const codePage = await afterPassword.response.text();
    const codeAction = /action="([^"]+\/code)"/.exec(codePage)?.[1];
    const code = /data-testid="staff-idp-demo-code">(\d{6})</.exec(codePage)?.[1];
    if (!codeAction || !code) throw new Error(`no code form on ${afterPassword.url}: ${codePage.slice(0, 300)}`);
    const done = await submit(new URL(codeAction, afterPassword.url), { code });
    return new URL(done.url);
  }

  return { go, loginAs, cancel, loginAsStaff };
}
