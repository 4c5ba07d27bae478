import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSims, type Sims } from '../../sims/src/app.js';
import { createMailer } from '../src/support/service.js';

/**
 * The e-mail stand-in (/mailbox): the platform's mailer sends through it with its key, a repeated
 * send is sent once, and the recipient's inbox page shows the message, escaped.
 */
const apiKey = 'test-mailbox-key';
let sims: Sims;

beforeAll(async () => {
  sims = await startSims({ mailboxApiKey: apiKey });
});
afterAll(async () => {
  await sims.close();
});

const mailerConfig = () => ({
  MAIL_API_URL: `${sims.url}/mailbox`,
  MAIL_API_KEY: apiKey,
  MAIL_FROM: 'Krone Kundeservice <kundeservice@krone.dk>',
  MAIL_REPLY_TO: 'kundeservice@krone.dk',
});

describe('the e-mail stand-in', () => {
  it('takes the platform’s message once per reference and shows it in the recipient’s inbox', async () => {
    const mailer = createMailer(mailerConfig());
    const mail = { to: 'Gitte@Example.dk', subject: 'Svar <fra> os', text: 'Hej Gitte\n\n> Dit spørgsmål', reference: 'contact-reply:1' };
    const first = await mailer.send(mail);
    const again = await mailer.send(mail);
    expect(again.id).toBe(first.id);
    expect(sims.mailbox.sentTo('gitte@example.dk')).toEqual([
      expect.objectContaining({
        id: first.id,
        from: 'Krone Kundeservice <kundeservice@krone.dk>',
        replyTo: 'kundeservice@krone.dk',
        subject: 'Svar <fra> os',
      }),
    ]);
    const page = await fetch(`${sims.url}/mailbox?to=gitte%40example.dk`);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('Svar &lt;fra&gt; os');
    expect(html).toContain('&gt; Dit spørgsmål');
    expect(html).not.toContain('<fra>');
  });

  it('refuses a send without its key or with a bad message, and the platform’s mailer says the provider is unavailable', async () => {
    const wrongKey = createMailer({ ...mailerConfig(), MAIL_API_KEY: 'not-the-key-at-all' });
    await expect(wrongKey.send({ to: 'a@example.dk', subject: 'x', text: 'y', reference: 'r-1' })).rejects.toMatchObject({
      code: 'MAIL_UNAVAILABLE',
    });
    const mailer = createMailer(mailerConfig());
    await expect(mailer.send({ to: 'not an address', subject: 'x', text: 'y', reference: 'r-2' })).rejects.toMatchObject({
      code: 'MAIL_UNAVAILABLE',
    });
    const down = createMailer({ ...mailerConfig(), MAIL_API_URL: 'http://127.0.0.1:9/mailbox' });
    await expect(down.send({ to: 'a@example.dk', subject: 'x', text: 'y', reference: 'r-3' })).rejects.toMatchObject({
      code: 'MAIL_UNAVAILABLE',
    });
    expect(sims.mailbox.sentTo('a@example.dk')).toEqual([]);
  });
});
