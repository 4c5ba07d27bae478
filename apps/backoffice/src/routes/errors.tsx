import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ApiError } from '../api/client';
import { da } from '../i18n/da';
import { useTitle } from '../useTitle';

/** A page that could not load: the platform's message (e.g. a role that does not admit it), or a plain one. */
export function RouteError() {
  const error = useRouteError();
  useTitle(da.errors.title);
  const message =
    error instanceof ApiError
      ? error.message
      : isRouteErrorResponse(error) && error.status === 404
        ? da.errors.notFound
        : da.errors.generic;
  return (
    <section className="card">
      <h1>{da.errors.title}</h1>
      <p className="notice error" role="alert" data-testid="page-error">
        {message}
      </p>
      <Link to="/" className="button">
        {da.errors.backHome}
      </Link>
    </section>
  );
}

export function NotFound() {
  useTitle(da.errors.notFound);
  return (
    <section className="card">
      <h1>{da.errors.notFound}</h1>
      <Link to="/" className="button">
        {da.errors.backHome}
      </Link>
    </section>
  );
}

/** When even the shell could not load (the platform unreachable): a page of its own with a way to the login. */
export function ShellError() {
  const error = useRouteError();
  useTitle(da.errors.title);
  return (
    <div className="login-page">
      <main className="login-card" id="main">
        <h1>{da.errors.title}</h1>
        <p className="notice error" role="alert" data-testid="page-error">
          {error instanceof ApiError ? error.message : da.errors.generic}
        </p>
        <a className="button primary" href="/">
          {da.errors.backHome}
        </a>
      </main>
    </div>
  );
}
