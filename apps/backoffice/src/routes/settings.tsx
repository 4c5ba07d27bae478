import { useId } from 'react';
import { useFetcher, useLoaderData, type ActionFunctionArgs } from 'react-router';
import { api, staffCall, staffWrite, type ActionResult } from '../api/client';
import type { Ok } from '../api/types';
import { Notice } from '../components/Notice';
import { da } from '../i18n/da';
import { useTitle } from '../useTitle';

const words = da.admin.settings;
type Setting = Ok<'/Staff/settings', 'get'>['settings'][number];

export async function settingsLoader() {
  return staffCall(api.GET('/Staff/settings'));
}

export async function settingsAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const name = String(form.get('name') ?? '');
  const reason = String(form.get('reason') ?? '').trim();
  if (reason.length < 3) return { ok: false, intent, message: da.dialog.reasonTooShort };
  let value: unknown;
  try {
    value = JSON.parse(String(form.get('value') ?? ''));
  } catch {
    return { ok: false, intent, message: words.valueInvalid };
  }
  return staffWrite(intent, api.POST('/Staff/settings/{name}/propose', { params: { path: { name } }, body: { value, reason } }));
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** One protected setting: its value now, any change waiting, and the form proposing a new value. */
function SettingCard({ setting }: { setting: Setting }) {
  const fetcher = useFetcher<ActionResult>();
  const id = useId();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data;
  const intent = `propose-${setting.name}`;
  const sent = result?.ok && result.intent === intent;
  const long = typeof setting.value === 'object' && setting.value !== null;
  return (
    <li className="card" data-testid={`setting-${setting.name}`}>
      <div className="title-row">
        <h2 className="mono">{setting.name}</h2>
        <span className="muted small">{words.type(setting.type)}</span>
      </div>
      <p className="muted small">{words.current}</p>
      {/* Focusable: a long value scrolls, and a keyboard must reach it. */}
      <pre className="setting-value" tabIndex={0} aria-label={words.valueLabel(setting.name)} data-testid={`setting-value-${setting.name}`}>
        {pretty(setting.value)}
      </pre>
      {setting.pending ? (
        <div className="notice" role="status" data-testid={`setting-pending-${setting.name}`}>
          <strong>{words.pending(setting.pending.proposedBy)}</strong> <code>{JSON.stringify(setting.pending.value)}</code>
          <span className="cell-note">»{setting.pending.reason}«</span>
        </div>
      ) : (
        <fetcher.Form method="post" className="content-form" key={sent ? 'sent' : 'form'}>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="name" value={setting.name} />
          <div className="field">
            <label htmlFor={`${id}-value`}>{words.newValue}</label>
            <textarea
              id={`${id}-value`}
              name="value"
              rows={long ? 6 : 1}
              className="mono"
              defaultValue={pretty(setting.value)}
              aria-describedby={`${id}-hint`}
              data-testid={`setting-input-${setting.name}`}
            />
            <p id={`${id}-hint`} className="hint">
              {words.newValueHint}
            </p>
          </div>
          <div className="field">
            <label htmlFor={`${id}-reason`}>{words.reason}</label>
            <textarea id={`${id}-reason`} name="reason" rows={2} data-testid={`setting-reason-${setting.name}`} />
          </div>
          {result && !result.ok && !busy ? (
            <p className="form-error" role="alert" data-testid="action-error">
              {result.message}
            </p>
          ) : null}
          <div className="form-actions">
            <button
              type="submit"
              className="button primary"
              disabled={busy}
              aria-label={words.proposeLabel(setting.name)}
              data-testid={`setting-propose-${setting.name}`}
            >
              {words.propose}
            </button>
          </div>
        </fetcher.Form>
      )}
      {sent ? <Notice title={words.proposed} /> : null}
    </li>
  );
}

/** The protected settings: each changed only by four eyes, the storefront told once approved. */
export function SettingsPage() {
  const { settings } = useLoaderData<typeof settingsLoader>();
  useTitle(words.title);
  return (
    <>
      <div className="page-head">
        <h1>{words.title}</h1>
        <p className="muted">{words.intro}</p>
      </div>
      {settings.length === 0 ? (
        <p className="muted">{words.none}</p>
      ) : (
        <ul className="lobby-rows">
          {settings.map((setting) => (
            <SettingCard key={setting.name} setting={setting} />
          ))}
        </ul>
      )}
    </>
  );
}
