import { useSearchParams } from 'react-router';
import { Brand } from '../components/Brand';
import { da } from '../i18n/da';
import { useTitle } from '../useTitle';

const messages: Record<string, string> = da.loginErrors;

/** The login: a plain link to the server's /auth/login (a full navigation, to the staff IdP and back). */
export function LoginPage() {
  useTitle(da.login.title);
  const [search] = useSearchParams();
  const code = search.get('fejl');
  const loggedOut = search.has('logget-ud');
  const error = code ? (messages[code] ?? da.loginErrors.generic) : null;
  return (
    <div className="login-page">
      <main className="login-card" id="main">
        <Brand />
        <h1>{da.login.title}</h1>
        <p className="muted">{da.login.intro}</p>
        {error ? (
          <div className="notice error" role="alert" data-testid="login-error">
            {error}
          </div>
        ) : loggedOut ? (
          <div className="notice info" role="status" data-testid="login-info">
            {da.loginErrors.LOGGED_OUT}
          </div>
        ) : null}
        <a className="button primary wide" href="/auth/login" data-testid="login-button">
          {da.login.button}
        </a>
      </main>
    </div>
  );
}
