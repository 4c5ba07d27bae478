import { randomUUID } from 'node:crypto';
import { DEMO_STAFF } from '../src/staff/demo.js';
import type { StaffIdentityProvider } from '../src/staff/identity.js';
import { seedDemoStaff } from '../src/staff/demo.js';
import { startTestPlatform, type TestPlatform } from './harness.js';

/**
 * A stand-in staff identity provider for the staff door's tests: each login's code names a demo
 * staff member, who arrives with both factors (password and one-time code) done.
 */
export function fakeStaffIdp() {
  const codes = new Map<string, string>();
  const idp: StaffIdentityProvider = {
    async authorize() {
      return { url: 'http://idp.test/authorize', state: 's', nonce: 'n', codeVerifier: 'v'.repeat(43) };
    },
    async complete(params) {
      const subject = codes.get(params.code ?? '') ?? '';
      // A demo member, or anyone else the IdP knows (a new hire the platform has not added yet).
      const staff = DEMO_STAFF.find((member) => member.subject === subject) ?? { subject, name: 'Ny medarbejder', email: 'ny@krone.test' };
      return { subject: staff.subject, name: staff.name, email: staff.email, methods: ['pwd', 'otp'] };
    },
  };
  /** A staff session of the demo member called `name` (or of the IdP's `subject:<sub>`), as the headers the back office's server sends. */
  async function sessionOf(platform: Pick<TestPlatform, 'staffApp'>, name: string) {
    const { loginId } = (await platform.staffApp.inject({ method: 'POST', url: '/Staff/login/start', payload: {} })).json().data;
    const code = randomUUID();
    codes.set(
      code,
      name.startsWith('subject:') ? name.slice('subject:'.length) : DEMO_STAFF.find((member) => member.name === name)!.subject,
    );
    const answer = await platform.staffApp.inject({
      method: 'POST',
      url: '/Staff/login/complete',
      payload: { loginId, callbackParams: { code } },
    });
    // A refused login (a subject the platform does not know) gives no token: `Bearer refused`.
    return { authorization: `Bearer ${(answer.json().data?.sessionToken as string | undefined) ?? 'refused'}` };
  }
  return { idp, sessionOf };
}

/**
 * A test platform with the stand-in staff IdP and the demo staff, counting the storefront's
 * revalidations (`revalidations()`); `storefrontUp(false)` makes the storefront not answer them.
 */
export async function startStaffPlatform() {
  const staff = fakeStaffIdp();
  let told = 0;
  let up = true;
  const platform = await startTestPlatform({}, { staffIdp: staff.idp, revalidateStorefront: async () => ((told += 1), up) });
  await seedDemoStaff(platform.database.db);
  return { platform, staff, revalidations: () => told, storefrontUp: (answer: boolean) => void (up = answer) };
}
