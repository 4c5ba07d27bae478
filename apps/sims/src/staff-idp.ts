import { escapeHtml, readForm } from './http.js';
import { createIssuer, type Issuer, type LoginInteraction } from './oidc.js';
import { sameText, STAFF_MFA_ACR, STAFF_PEOPLE, totpCode, totpMatches, type StaffPerson } from './staff-people.js';

export interface StaffIdpOptions {
  /** The sims' public address; the issuer is `${publicUrl}/staff-idp`. */
  publicUrl: string;
  clientId: string;
  clientSecret: string;
  /** Where staff use the back office: the IdP sends them back to its /auth/callback. */
  backofficePublicUrl: string;
  people?: readonly StaffPerson[];
  /** The clock of the second factor's codes. */
  now: () => Date;
}

/** Wrong passwords and codes together; the one after the last allowed ends the login. */
export const STAFF_LOGIN_MAX_WRONG_TRIES = 5;
const INTERACTION_TTL_MS = 600_000;

interface Progress {
  /** The member whose password was right, waiting for their code. */
  memberUuid: string | null;
  wrongTries: number;
  startedAt: number;
}

/**
 * The staff identity provider stand-in (docs/backoffice.md): an OpenID Connect issuer whose login
 * asks for a user name and password, then the 6-digit code of the member's authenticator (TOTP).
 * Standing in for a real IdP with no phone at hand, the code step shows the member's current code.
 */
export async function createStaffIdp(options: StaffIdpOptions): Promise<Issuer> {
  const people = options.people ?? STAFF_PEOPLE;
  const mountPath = '/staff-idp';
  const backoffice = options.backofficePublicUrl.replace(/\/$/, '');
  const progress = new Map<string, Progress>();

  const look = { title: 'Krone medarbejderlogin', heading: 'Log ind', intro: '', brandColour: '#1d3557', cancel: 'Afbryd' };

  function progressOf(uid: string): Progress {
    const now = Date.now();
    for (const [key, entry] of progress) if (now - entry.startedAt > INTERACTION_TTL_MS) progress.delete(key);
    let entry = progress.get(uid);
    if (!entry) progress.set(uid, (entry = { memberUuid: null, wrongTries: 0, startedAt: now }));
    return entry;
  }

  function send(interaction: LoginInteraction, html: string) {
    interaction.res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    interaction.res.end(interaction.page(html));
  }

  async function finish(interaction: LoginInteraction, result: Parameters<LoginInteraction['provider']['interactionFinished']>[2]) {
    progress.delete(interaction.uid);
    await interaction.provider.interactionFinished(interaction.req, interaction.res, result, { mergeWithLastSubmission: false });
  }

  const deny = (interaction: LoginInteraction, description: string) =>
    finish(interaction, { error: 'access_denied', error_description: description });

  /** Counts a wrong try; true when it was the last one allowed and the login has ended. */
  async function wrongTry(interaction: LoginInteraction, entry: Progress): Promise<boolean> {
    entry.wrongTries += 1;
    if (entry.wrongTries < STAFF_LOGIN_MAX_WRONG_TRIES) return false;
    await deny(interaction, 'Too many wrong passwords or codes');
    return true;
  }

  const errorParagraph = (error: string | null) =>
    error ? `<p class="error" id="staff-idp-error" role="alert" data-testid="staff-idp-error">${escapeHtml(error)}</p>` : '';
  const invalid = (error: string | null) => (error ? ' aria-invalid="true" aria-describedby="staff-idp-error"' : '');
  const cancelForm = (path: string) =>
    `<form method="post" action="${path}/abort"><button class="cancel" type="submit" data-testid="staff-idp-cancel">Afbryd</button></form>`;

  function passwordPage(interaction: LoginInteraction, username: string, error: string | null) {
    const rows = people
      .map(
        (person) =>
          `<tr><td>${escapeHtml(person.username)}</td><td>${escapeHtml(person.password)}</td><td>${escapeHtml(person.name)}</td><td>${escapeHtml(
            person.roles.join(', '),
          )}${person.secondFactor ? '' : ' (ingen anden faktor)'}</td></tr>`,
      )
      .join('');
    send(
      interaction,
      `<h1>Log ind</h1><p>Log ind i Krones back office med dit medarbejderlogin.</p>${errorParagraph(error)}
<form class="login" method="post" action="${interaction.path}/password">
<label for="staff-idp-username">Brugernavn</label>
<input id="staff-idp-username" name="username" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(
        username,
      )}"${error ? '' : ' autofocus'}${invalid(error)} data-testid="staff-idp-username">
<label for="staff-idp-password">Adgangskode</label>
<input id="staff-idp-password" name="password" type="password" autocomplete="current-password" required${error ? ' autofocus' : ''}${invalid(
        error,
      )} data-testid="staff-idp-password">
<button class="primary" type="submit" data-testid="staff-idp-submit">Fortsæt</button>
</form>${cancelForm(interaction.path)}
<section class="hint" aria-labelledby="staff-idp-demo"><h2 id="staff-idp-demo">Demo-medarbejdere</h2>
<p>Et testmiljø: disse medarbejdere kan logge ind.</p>
<table><thead><tr><th scope="col">Brugernavn</th><th scope="col">Adgangskode</th><th scope="col">Navn</th><th scope="col">Rolle</th></tr></thead><tbody>${rows}</tbody></table></section>`,
    );
  }

  function codePage(interaction: LoginInteraction, person: StaffPerson, error: string | null) {
    const code = totpCode(person.secondFactor!.totpSecret, options.now().getTime());
    send(
      interaction,
      `<h1>Bekræft med din kode</h1><p>Du logger ind som ${escapeHtml(person.name)}. Skriv den 6-cifrede kode, som din godkendelsesapp viser.</p>${errorParagraph(error)}
<form class="login" method="post" action="${interaction.path}/code">
<label for="staff-idp-code">Kode fra din godkendelsesapp</label>
<input id="staff-idp-code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus${invalid(
        error,
      )} data-testid="staff-idp-code">
<button class="primary" type="submit" data-testid="staff-idp-submit">Fortsæt</button>
</form>${cancelForm(interaction.path)}
<section class="hint" aria-labelledby="staff-idp-demo"><h2 id="staff-idp-demo">Testmiljø</h2>
<p>Her er ingen telefon. Godkendelsesappen hos ${escapeHtml(person.name)} viser nu koden <strong class="code" data-testid="staff-idp-demo-code">${code}</strong>.</p></section>`,
    );
  }

  async function login(interaction: LoginInteraction) {
    const { req, res, provider, uid, step } = interaction;
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('another interaction');
    const entry = progressOf(uid);
    const waiting = entry.memberUuid ? people.find((person) => person.uuid === entry.memberUuid) : undefined;

    if (req.method === 'GET' && step === null) {
      return waiting ? codePage(interaction, waiting, null) : passwordPage(interaction, '', null);
    }
    if (req.method !== 'POST') return void res.writeHead(405, { 'content-type': 'text/plain' }).end('method not allowed');

    if (step === 'abort') return deny(interaction, 'The user cancelled');

    if (step === 'password') {
      const form = await readForm(req);
      const username = (form.get('username') ?? '').trim();
      const typed = form.get('password') ?? '';
      const person = people.find((candidate) => candidate.username === username.toLowerCase());
      // An unknown user name costs the same comparison as a wrong password.
      const right = sameText(person?.password ?? '\0no such member', typed) && person !== undefined;
      if (!right) {
        if (await wrongTry(interaction, entry)) return;
        return passwordPage(interaction, username, 'Forkert brugernavn eller adgangskode.');
      }
      if (!person.secondFactor) return finish(interaction, { login: { accountId: person.uuid, amr: ['pwd'] } });
      entry.memberUuid = person.uuid;
      return void res.writeHead(303, { location: interaction.path, 'cache-control': 'no-store' }).end();
    }

    if (step === 'code') {
      if (!waiting?.secondFactor) return void res.writeHead(303, { location: interaction.path, 'cache-control': 'no-store' }).end();
      const form = await readForm(req);
      if (totpMatches(waiting.secondFactor.totpSecret, form.get('code') ?? '', options.now().getTime())) {
        return finish(interaction, { login: { accountId: waiting.uuid, amr: ['pwd', 'otp'], acr: STAFF_MFA_ACR } });
      }
      if (await wrongTry(interaction, entry)) return;
      return codePage(interaction, waiting, 'Forkert kode. Prøv igen.');
    }

    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }

  return createIssuer({
    issuer: `${options.publicUrl}${mountPath}`,
    mountPath,
    client: {
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      redirectUris: [`${backoffice}/auth/callback`],
      postLogoutRedirectUris: [`${backoffice}/`],
    },
    people: () =>
      people.map((person) => ({
        accountId: person.uuid,
        label: person.name,
        description: person.roles.join(', '),
        claims: { name: person.name, email: person.email },
      })),
    scopes: ['openid', 'profile', 'email'],
    // How the member logged in goes into every ID token, not only when the client asks for an acr.
    claims: { openid: ['sub', 'acr', 'amr'], profile: ['name'], email: ['email'] },
    acrValues: [STAFF_MFA_ACR],
    page: look,
    login,
  });
}
