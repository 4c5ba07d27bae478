import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import type { ActionResult } from '../api/client';
import { da } from '../i18n/da';

interface ReasonDialogProps {
  title: string;
  text: ReactNode;
  /** The action's `intent` field, and any other hidden fields it needs. */
  intent: string;
  fields?: Record<string, string>;
  submitLabel: string;
  /** Fields before the reason (the correction's amount). */
  children?: ReactNode;
  reasonTestId?: string;
  submitTestId?: string;
  danger?: boolean;
  /** Called when the dialog closes without a result (Esc, "Annuller"). */
  onCancel: () => void;
  /** Called with the action's answer once it succeeded. */
  onDone: (result: ActionResult) => void;
}

/**
 * A modal dialog (native <dialog>) asking for a reason, posting to the route's action. It is
 * mounted only while open, so its test ids are on the page once. A refusal is shown in it, next
 * to the button, with the platform's message.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { title, text, intent, fields, submitLabel, children, reasonTestId = 'reason-input', submitTestId = 'reason-submit' } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<ActionResult>();
  const id = useId();
  const { onDone } = props;
  const result = fetcher.data;
  const busy = fetcher.state !== 'idle';

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  useEffect(() => {
    if (!busy && result?.ok) onDone(result);
  }, [busy, result, onDone]);

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={`${id}-title`} onClose={props.onCancel}>
      <fetcher.Form method="post" className="dialog-form">
        <h2 id={`${id}-title`}>{title}</h2>
        <div className="dialog-text">{text}</div>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <div className="field">
          <label htmlFor={`${id}-reason`}>{da.dialog.reason}</label>
          <textarea
            id={`${id}-reason`}
            name="reason"
            rows={3}
            required
            minLength={3}
            maxLength={500}
            aria-describedby={`${id}-hint`}
            data-testid={reasonTestId}
          />
          <p id={`${id}-hint`} className="hint">
            {da.dialog.reasonHint}
          </p>
        </div>
        {result && !result.ok && !busy ? (
          <p className="form-error" role="alert" data-testid="action-error">
            {result.message}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => dialog.current?.close()}>
            {da.dialog.cancel}
          </button>
          <button type="submit" className={props.danger ? 'button danger' : 'button primary'} disabled={busy} data-testid={submitTestId}>
            {busy ? da.dialog.working : submitLabel}
          </button>
        </div>
      </fetcher.Form>
    </dialog>
  );
}
