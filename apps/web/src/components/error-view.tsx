'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';

export const NOT_FOUND_REDIRECT_MS = 1000;

/** The path as the player typed it (decoded where it decodes), cut to a length a line can hold. */
function safePath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape stays as it came.
  }
  return path.length > 80 ? `${path.slice(0, 79)}…` : path;
}

/**
 * The error page of spec §2: on a 404 the title, subtitle, the error's text with the path asked
 * for (spec §8, "Page not found: {path}", in Danish from the dictionary) and a button home, then
 * a redirect to / after one second; any other error prints its text.
 */
export function ErrorView({
  notFound,
  title,
  subtitle,
  button,
  errorText,
}: {
  notFound: boolean;
  title: string;
  subtitle: string;
  button: string;
  errorText?: string;
}) {
  useEffect(() => {
    if (!notFound) return;
    const timer = window.setTimeout(() => window.location.assign('/'), NOT_FOUND_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [notFound]);

  const pathname = usePathname() ?? '/';
  return (
    <section className="error-view" data-testid="error-view">
      <h1>{notFound ? title : errorText}</h1>
      <p className="error-subtitle">{subtitle}</p>
      {notFound && errorText ? (
        <p className="error-text" data-testid="error-text">
          {errorText.replace('{path}', safePath(pathname))}
        </p>
      ) : null}
      <Link href="/" className="btn btn-primary">
        {button}
      </Link>
    </section>
  );
}
