'use client';

import Link from 'next/link';
import { useEffect } from 'react';

export const NOT_FOUND_REDIRECT_MS = 1000;

/**
 * The error page of spec §2: on a 404 the title, subtitle and a button home, then a redirect
 * to / after one second; any other error prints its text.
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

  return (
    <section className="error-view" data-testid="error-view">
      <h1>{notFound ? title : errorText}</h1>
      <p className="error-subtitle">{subtitle}</p>
      <Link href="/" className="btn btn-primary">
        {button}
      </Link>
    </section>
  );
}
