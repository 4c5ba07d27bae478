import { useCallback, useState } from 'react';
import {
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { parseKrToOre } from '@krone/domain';
import { api, ApiError, staffWrite, type ActionResult } from '../api/client';
import { Notice } from '../components/Notice';
import { ReasonDialog } from '../components/ReasonDialog';
import { StatusBadge } from '../components/StatusBadge';
import { formatDateTime, formatKr, label } from '../format';
import { da } from '../i18n/da';
import { useTitle } from '../useTitle';
import { codeTone, offersLoader, type Codes, type Terms } from './offers';

const words = da.offers.codes;

/** `ny` is a new code's form; any other name is that code's. */
export async function offerLoader({ params }: LoaderFunctionArgs) {
  const all = await offersLoader();
  const name = params.code ?? 'ny';
  if (name === 'ny') return { ...all, code: null };
  const code = all.codes.find((row) => row.terms.code === name.toUpperCase());
  if (!code) throw new ApiError(404, 'BONUS_CODE_NOT_FOUND', da.errors.notFound);
  return { ...all, code };
}

/** "2026-12-24T18:00" in the browser's time for an input of type datetime-local. */
function localInput(iso: string | undefined) {
  if (!iso) return '';
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The form's terms, or the fields the form itself cannot read (amounts, numbers, dates). */
function termsOf(form: FormData, fixedCode?: string): { terms: Terms } | { fields: Record<string, string> } {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const fields: Record<string, string> = {};
  const whole = (name: string) => {
    const value = text(name);
    if (!/^\d{1,9}$/.test(value)) fields[name] = words.numberInvalid;
    return Number(value);
  };
  const kr = (name: string, field: string) => {
    const ore = parseKrToOre(text(name));
    if (ore === null) fields[field] = words.amountInvalid;
    return ore ?? 0;
  };
  const when = (name: string) => {
    const at = new Date(text(name));
    if (!text(name) || Number.isNaN(at.getTime())) fields[name] = words.dateInvalid;
    return Number.isNaN(at.getTime()) ? '' : at.toISOString();
  };
  const kind = text('kind') === 'free_rounds' ? 'free_rounds' : 'money';
  const days = form.getAll('windowDays').map(Number);
  const method = text('paymentMethod');
  const terms: Terms = {
    code: fixedCode ?? text('code'),
    kind,
    minDepositOre: kr('minDeposit', 'minDepositOre'),
    wageringMultiple: whole('wageringMultiple'),
    validFrom: when('validFrom'),
    validUntil: when('validUntil'),
    grantValidDays: whole('grantValidDays'),
    maxUsesPerPlayer: whole('maxUsesPerPlayer'),
    firstDepositOnly: form.has('firstDepositOnly'),
    welcomeOffer: form.has('welcomeOffer'),
    ...(text('campaign') ? { campaign: text('campaign') } : {}),
    ...(days.length > 0 ? { weeklyWindow: { days, from: text('windowFrom'), until: text('windowUntil') } } : {}),
    ...(method === 'card' || method === 'mobilepay' ? { paymentMethod: method } : {}),
    ...(form.has('firstMethodDepositOnly') ? { firstMethodDepositOnly: true } : {}),
    ...(kind === 'money'
      ? { matchPercent: whole('matchPercent'), maxBonusOre: kr('maxBonus', 'maxBonusOre') }
      : {
          freeRounds: whole('freeRounds'),
          freeRoundStakeOre: kr('freeRoundStake', 'freeRoundStakeOre'),
          freeRoundGameIds: text('freeRoundGameIds')
            .split(/[\s,]+/)
            .filter(Boolean),
        }),
  };
  return Object.keys(fields).length > 0 ? { fields } : { terms };
}

export async function offerAction({ params, request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const name = params.code ?? 'ny';
  const reason = String(form.get('reason') ?? '').trim();
  if (reason.length < 3) return { ok: false, intent, message: da.dialog.reasonTooShort, fields: { reason: da.dialog.reasonTooShort } };
  if (intent === 'end')
    return staffWrite(intent, api.POST('/Staff/offers/codes/{code}/end', { params: { path: { code: name } }, body: { reason } }));
  if (intent !== 'save') return { ok: false, intent, message: da.errors.generic };
  const read = termsOf(form, name === 'ny' ? undefined : name.toUpperCase());
  if ('fields' in read) return { ok: false, intent, message: words.formInvalid, fields: read.fields };
  const saved = await staffWrite(
    intent,
    name === 'ny'
      ? api.POST('/Staff/offers/codes', { body: { terms: read.terms, reason } })
      : api.PUT('/Staff/offers/codes/{code}', { params: { path: { code: name } }, body: { terms: read.terms, reason } }),
  );
  if (!saved.ok && saved.fields) {
    const { caps } = await offersLoader();
    return { ...saved, fields: danishFields(saved.fields, caps) };
  }
  if (saved.ok && name === 'ny') throw redirect(`/tilbud/${encodeURIComponent(read.terms.code.trim().toUpperCase())}?gemt`);
  return saved;
}

function FieldError({ fields, name }: { fields: Record<string, string> | undefined; name: string }) {
  const problem = fields?.[name];
  if (!problem) return null;
  return (
    <p className="field-error" id={`code-${name}-error`} data-testid={`code-error-${name}`}>
      {problem}
    </p>
  );
}

/**
 * The platform's refusal of terms, field by field (its reasons are the file's, in English), as the
 * form says it: the Danish cap a field broke, or that it is not valid; a nested field (the weekly
 * window's days) under its field.
 */
function danishFields(fields: Record<string, string>, caps: Codes['caps']): Record<string, string> {
  const said: Record<string, string> = {};
  const capOf: Record<string, string> = {
    matchPercent: words.caps.matchPercent(caps.maxMatchPercent),
    maxBonusOre: words.caps.maxBonus(formatKr(caps.maxBonusOre)),
    wageringMultiple: words.caps.wageringMultiple(caps.maxWageringMultiple),
    grantValidDays: words.caps.grantValidDays(caps.minValidDays),
    freeRounds: words.caps.freeRounds(formatKr(caps.maxBonusOre)),
  };
  for (const key of Object.keys(fields)) {
    const field = key.split('.')[0] || '_';
    said[field] = capOf[field] ? `${words.fieldInvalid} ${capOf[field]}` : words.fieldInvalid;
  }
  return said;
}

function Input(props: {
  name: string;
  field?: string;
  label: string;
  value: string | number | undefined;
  hint?: string;
  type?: string;
  fields: Record<string, string> | undefined;
  inputMode?: 'numeric' | 'decimal';
}) {
  const id = `code-${props.name}`;
  const field = props.field ?? props.name;
  const invalid = Boolean(props.fields?.[field]);
  const described = [props.hint ? `${id}-hint` : '', invalid ? `code-${field}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        defaultValue={props.value ?? ''}
        aria-invalid={invalid || undefined}
        aria-describedby={described || undefined}
        data-testid={id}
      />
      {props.hint ? (
        <p id={`${id}-hint`} className="hint">
          {props.hint}
        </p>
      ) : null}
      <FieldError fields={props.fields} name={field} />
    </div>
  );
}

const krInput = (ore: number | undefined) => (ore === undefined ? '' : formatKr(ore).replace(/\s*kr\.?$/, ''));

/** A code's terms as a form: new, or changed from now on; the Danish caps beside the fields they bound. */
export function OfferPage() {
  const { code, caps } = useLoaderData<typeof offerLoader>();
  const result = useActionData<ActionResult>();
  const busy = useNavigation().state !== 'idle';
  const savedNow = new URLSearchParams(globalThis.location?.search ?? '').has('gemt');
  const terms: Partial<Terms> = code?.terms ?? { kind: 'money', wageringMultiple: 10, grantValidDays: 60, maxUsesPerPlayer: 1 };
  const [kind, setKind] = useState(terms.kind ?? 'money');
  const [ending, setEnding] = useState(false);
  const [endedNow, setEndedNow] = useState(false);
  const closeEnd = useCallback(() => setEnding(false), []);
  const ended = useCallback(() => (setEnding(false), setEndedNow(true)), []);
  const title = code ? words.editTitle(code.terms.code) : words.newTitle;
  useTitle(title);
  const fields = result && !result.ok && result.intent === 'save' ? result.fields : undefined;
  const f = words.fields;
  return (
    <>
      <p className="breadcrumb">
        <Link to="/tilbud">{words.back}</Link>
      </p>
      <div className="page-head title-row">
        <div>
          <h1>{title}</h1>
          {code ? (
            <p className="muted small">
              {code.updatedBy && code.updatedAt ? words.changedBy(code.updatedBy, formatDateTime(code.updatedAt)) : words.fromFile}{' '}
              {words.grantsNote(code.grants)}
            </p>
          ) : null}
        </div>
        {code ? <StatusBadge text={label(words.states, code.state)} tone={codeTone(code.state)} testId="code-state" /> : null}
      </div>
      {endedNow ? (
        <Notice title={words.ended} />
      ) : (result?.ok && result.intent === 'save') || savedNow ? (
        <Notice title={words.saved} />
      ) : null}
      <section className="card">
        <Form method="post" className="content-form" noValidate key={code ? `${code.terms.code}-${code.updatedAt}` : 'new'}>
          {code ? null : <Input name="code" label={f.code} hint={f.codeHint} value="" fields={fields} />}
          <div className="field">
            <label htmlFor="code-kind">{f.kind}</label>
            <select
              id="code-kind"
              name="kind"
              value={kind}
              onChange={(event) => setKind(event.target.value as Terms['kind'])}
              data-testid="code-kind"
            >
              <option value="money">{words.kinds.money}</option>
              <option value="free_rounds">{words.kinds.free_rounds}</option>
            </select>
          </div>
          {kind === 'money' ? (
            <div className="form-grid">
              <Input
                name="matchPercent"
                label={f.matchPercent}
                inputMode="numeric"
                hint={words.caps.matchPercent(caps.maxMatchPercent)}
                value={terms.matchPercent}
                fields={fields}
              />
              <Input
                name="maxBonus"
                field="maxBonusOre"
                label={f.maxBonus}
                inputMode="decimal"
                hint={words.caps.maxBonus(formatKr(caps.maxBonusOre))}
                value={krInput(terms.maxBonusOre)}
                fields={fields}
              />
            </div>
          ) : (
            <>
              <div className="form-grid">
                <Input
                  name="freeRounds"
                  label={f.freeRounds}
                  inputMode="numeric"
                  hint={words.caps.freeRounds(formatKr(caps.maxBonusOre))}
                  value={terms.freeRounds}
                  fields={fields}
                />
                <Input
                  name="freeRoundStake"
                  field="freeRoundStakeOre"
                  label={f.freeRoundStake}
                  inputMode="decimal"
                  value={krInput(terms.freeRoundStakeOre)}
                  fields={fields}
                />
              </div>
              <Input
                name="freeRoundGameIds"
                label={f.freeRoundGameIds}
                hint={f.freeRoundGameIdsHint}
                value={(terms.freeRoundGameIds ?? []).join(', ')}
                fields={fields}
              />
            </>
          )}
          <div className="form-grid">
            <Input
              name="minDeposit"
              field="minDepositOre"
              label={f.minDeposit}
              inputMode="decimal"
              value={krInput(terms.minDepositOre)}
              fields={fields}
            />
            <Input
              name="wageringMultiple"
              label={f.wageringMultiple}
              inputMode="numeric"
              hint={words.caps.wageringMultiple(caps.maxWageringMultiple)}
              value={terms.wageringMultiple}
              fields={fields}
            />
            <Input name="validFrom" type="datetime-local" label={f.validFrom} value={localInput(terms.validFrom)} fields={fields} />
            <Input name="validUntil" type="datetime-local" label={f.validUntil} value={localInput(terms.validUntil)} fields={fields} />
            <Input
              name="grantValidDays"
              label={f.grantValidDays}
              inputMode="numeric"
              hint={words.caps.grantValidDays(caps.minValidDays)}
              value={terms.grantValidDays}
              fields={fields}
            />
            <Input name="maxUsesPerPlayer" label={f.maxUsesPerPlayer} inputMode="numeric" value={terms.maxUsesPerPlayer} fields={fields} />
          </div>
          <div className="field check">
            <input type="checkbox" id="code-firstDepositOnly" name="firstDepositOnly" defaultChecked={terms.firstDepositOnly === true} />
            <label htmlFor="code-firstDepositOnly">{f.firstDepositOnly}</label>
          </div>
          <div className="field check">
            <input type="checkbox" id="code-welcomeOffer" name="welcomeOffer" defaultChecked={terms.welcomeOffer === true} />
            <label htmlFor="code-welcomeOffer">{f.welcomeOffer}</label>
          </div>
          <Input name="campaign" label={f.campaign} hint={f.campaignHint} value={terms.campaign} fields={fields} />
          <div className="form-grid">
            <div className="field">
              <label htmlFor="code-paymentMethod">{f.paymentMethod}</label>
              <select id="code-paymentMethod" name="paymentMethod" defaultValue={terms.paymentMethod ?? ''}>
                <option value="">{f.anyMethod}</option>
                <option value="card">{f.methods.card}</option>
                <option value="mobilepay">{f.methods.mobilepay}</option>
              </select>
            </div>
            <div className="field check">
              <input
                type="checkbox"
                id="code-firstMethodDepositOnly"
                name="firstMethodDepositOnly"
                defaultChecked={terms.firstMethodDepositOnly === true}
              />
              <label htmlFor="code-firstMethodDepositOnly">{f.firstMethodDepositOnly}</label>
            </div>
          </div>
          <fieldset className="field">
            <legend>{f.window}</legend>
            <p className="hint">{f.windowHint}</p>
            <div className="day-list">
              {f.days.map((day, index) => (
                <label key={day} className="check">
                  <input
                    type="checkbox"
                    name="windowDays"
                    value={index + 1}
                    defaultChecked={terms.weeklyWindow?.days.includes(index + 1) ?? false}
                  />{' '}
                  {day}
                </label>
              ))}
            </div>
            <div className="form-grid">
              <Input
                name="windowFrom"
                field="weeklyWindow"
                label={f.windowFrom}
                value={terms.weeklyWindow?.from ?? '00:00'}
                fields={fields}
              />
              <Input name="windowUntil" label={f.windowUntil} value={terms.weeklyWindow?.until ?? '24:00'} fields={undefined} />
            </div>
          </fieldset>
          <div className="field">
            <label htmlFor="code-reason">{f.reason}</label>
            <textarea id="code-reason" name="reason" rows={2} aria-describedby="code-reason-hint" data-testid="code-reason" />
            <p id="code-reason-hint" className="hint">
              {f.reasonHint}
            </p>
            <FieldError fields={fields} name="reason" />
          </div>
          {result && !result.ok && result.intent === 'save' && !busy ? (
            <p className="form-error" role="alert" data-testid="action-error">
              {result.message}
            </p>
          ) : null}
          <div className="form-actions">
            <button type="submit" name="intent" value="save" className="button primary" disabled={busy} data-testid="code-save">
              {code ? words.save : words.create}
            </button>
            {code && code.state !== 'ended' && !endedNow ? (
              <button type="button" className="button danger" onClick={() => setEnding(true)} data-testid="code-end">
                {words.end}
              </button>
            ) : null}
          </div>
        </Form>
      </section>
      {ending && code ? (
        <ReasonDialog
          title={words.endTitle(code.terms.code)}
          text={words.endText}
          intent="end"
          submitLabel={words.end}
          danger
          onCancel={closeEnd}
          onDone={ended}
        />
      ) : null}
    </>
  );
}
