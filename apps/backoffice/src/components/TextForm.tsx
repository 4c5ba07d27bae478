import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { ActionResult } from '../api/client';
import { Notice } from './Notice';

/**
 * A text posted to the route's action (a note, an answer): the field, the refusal beside it, a
 * confirmation once done, the field emptied for the next. `name` prefixes its test ids.
 */
export function TextForm(props: {
  name: string;
  label: string;
  hint: string;
  rows: number;
  maxLength: number;
  submitLabel: string;
  doneTitle: string;
  intent?: string;
}) {
  const { name, label, hint, rows, maxLength, submitLabel, doneTitle, intent } = props;
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data;
  useEffect(() => {
    if (!busy && result?.ok) form.current?.reset();
  }, [busy, result]);
  return (
    <fetcher.Form method="post" className="note-form" ref={form}>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <div className="field">
        <label htmlFor={`${name}-text`}>{label}</label>
        <textarea
          id={`${name}-text`}
          name="text"
          rows={rows}
          required
          minLength={3}
          maxLength={maxLength}
          aria-describedby={`${name}-hint`}
          data-testid={`${name}-text`}
        />
        <p id={`${name}-hint`} className="hint">
          {hint}
        </p>
      </div>
      {result && !result.ok && !busy ? (
        <p className="form-error" role="alert" data-testid="action-error">
          {result.message}
        </p>
      ) : null}
      {result?.ok && !busy ? <Notice title={doneTitle} /> : null}
      <button type="submit" className="button primary" disabled={busy} data-testid={`${name}-submit`}>
        {submitLabel}
      </button>
    </fetcher.Form>
  );
}
