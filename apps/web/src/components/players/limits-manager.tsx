'use client';

import { formatDateTimeDa, formatKr, type DepositLimitPeriod, type PauseDuration } from '@krone/domain';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { textsTranslator } from '@/lib/i18n';
import type { DepositLimitChange, DepositLimitRemoval, LimitsOverview } from '@/lib/platform-types';
import { checkDepositLimit, DepositLimitFields, EMPTY_LIMIT, type DepositLimitValue } from './deposit-limit-fields';
import styles from './players.module.css';
import { usePost } from './use-post';

/** The limits page's data, as GET /Limits/{sessionId} answers it. */
type LimitsView = LimitsOverview;

type Status = { ok: boolean; text: string } | null;

/** Whether removing this period's limit would still leave another once waiting changes apply. */
function mayRemove(view: LimitsView, period: DepositLimitPeriod) {
  const own = view.limits.find((limit) => limit.period === period)!;
  if (own.amountOre === null || own.pending?.amountOre === null) return false;
  return view.limits.some((limit) => limit.period !== period && (limit.pending ? limit.pending.amountOre : limit.amountOre) !== null);
}

/**
 * /min-konto/begraensninger: the deposit limits in force with what is left and what waits, the
 * form to set or change one (the registration step's choices), a pause, and closure, each of the
 * last two behind a confirmation.
 */
export function LimitsManager({ initial, texts }: { initial: LimitsView; texts: Record<string, string> }) {
  const t = textsTranslator(texts);
  const [view, setView] = useState(initial);
  const closed = view.status === 'closed';

  return (
    <>
      <StateBanner view={view} t={t} />
      <section className={styles.card} aria-labelledby="limits-deposit">
        <h2 id="limits-deposit">{t('limitations.limits_in_force')}</h2>
        <p className={styles.muted}>{t('limitations.deposit_limit_intro')}</p>
        <CurrentLimits view={view} t={t} onChange={setView} disabled={closed} />
        <p className={styles.help}>{t('limitations.lookback_info')}</p>
      </section>
      {closed ? null : (
        <>
          <section className={styles.card} aria-labelledby="limits-change">
            <h2 id="limits-change">{t('limitations.change_title')}</h2>
            <p className={styles.muted}>{t('limitations.decrease_info')}</p>
            <p className={styles.muted}>{t('limitations.increase_info')}</p>
            <LimitForm texts={texts} t={t} onSaved={setView} />
          </section>
          <section className={styles.card} aria-labelledby="limits-break">
            <h2 id="limits-break">{t('limitations.break_title')}</h2>
            <p className={styles.muted}>{t('limitations.break_intro')}</p>
            <PauseForm t={t} onPaused={setView} />
          </section>
          <section className={styles.card} aria-labelledby="limits-close">
            <h2 id="limits-close">{t('limitations.close_account_title')}</h2>
            <p className={styles.muted}>{t('limitations.close_account_intro')}</p>
            <ClosureForm t={t} onClosed={setView} />
          </section>
        </>
      )}
    </>
  );
}

type T = (key: string, vars?: Record<string, string | number>) => string;

function StateBanner({ view, t }: { view: LimitsView; t: T }) {
  return (
    <div role="status" data-testid="limits-state">
      {view.status === 'paused' && view.pausedUntil ? (
        <p className={styles.alert}>{t('limitations.break_active', { date: formatDateTimeDa(view.pausedUntil) })}</p>
      ) : view.status === 'closed' ? (
        <p className={styles.alert}>{t('limitations.account_closed')}</p>
      ) : null}
    </div>
  );
}

function CurrentLimits({
  view,
  t,
  onChange,
  disabled,
}: {
  view: LimitsView;
  t: T;
  onChange: (view: LimitsView) => void;
  disabled: boolean;
}) {
  const { busy, post } = usePost();
  const [status, setStatus] = useState<Status>(null);

  async function remove(period: DepositLimitPeriod) {
    setStatus(null);
    const answer = await post('/api/limits/deposit', { period, amountOre: null });
    if (!answer.ok) {
      setStatus({ ok: false, text: answer.body.message ?? t('limitations.save_error') });
      return;
    }
    const data = answer.body.data as DepositLimitRemoval;
    onChange(data.overview);
    setStatus({ ok: true, text: t('limitations.removal_saved', { date: formatDateTimeDa(data.change.effectiveAt) }) });
  }

  return (
    <>
      <ul className={styles.documents} data-testid="limits-list">
        {view.limits.map((limit) => (
          <li key={limit.period} data-testid={`limit-${limit.period}`}>
            <div>
              <strong>{t(`limitations.period_${limit.period}`)}</strong>
              <span data-testid="limit-amount">
                {limit.amountOre === null ? t('limitations.no_limit') : `${t('limitations.in_force')}: ${formatKr(limit.amountOre)}`}
              </span>
              {limit.remainingOre !== null ? (
                <span data-testid="limit-remaining">{t('limitations.remaining', { amount: formatKr(limit.remainingOre) })}</span>
              ) : null}
              {limit.pending ? (
                <span data-testid="limit-pending">
                  {limit.pending.amountOre === null
                    ? t('limitations.pending_removal', { date: formatDateTimeDa(limit.pending.effectiveAt) })
                    : t('limitations.pending_limit', {
                        amount: formatKr(limit.pending.amountOre),
                        date: formatDateTimeDa(limit.pending.effectiveAt),
                      })}
                </span>
              ) : null}
            </div>
            {!disabled && mayRemove(view, limit.period) ? (
              <button
                type="button"
                className={styles.secondary}
                onClick={() => void remove(limit.period)}
                aria-disabled={busy || undefined}
                disabled={busy}
              >
                {t('limitations.remove_limit')}
                <span className="visually-hidden"> ({t(`limitations.period_${limit.period}`)})</span>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <div role="status">{status ? <p className={status.ok ? styles.muted : styles.fieldError}>{status.text}</p> : null}</div>
    </>
  );
}

function LimitForm({ texts, t, onSaved }: { texts: Record<string, string>; t: T; onSaved: (view: LimitsView) => void }) {
  const { busy, post } = usePost();
  const [value, setValue] = useState<DepositLimitValue>(EMPTY_LIMIT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    const checked = checkDepositLimit(value);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    const answer = await post('/api/limits/deposit', { period: checked.period, amountOre: checked.amountOre });
    if (!answer.ok) {
      setStatus({ ok: false, text: answer.body.message ?? t('limitations.save_error') });
      return;
    }
    const data = answer.body.data as DepositLimitChange;
    onSaved(data.overview);
    setStatus({
      ok: true,
      text: data.change.immediate
        ? t('limitations.saved')
        : t('limitations.increase_pending_saved', { date: formatDateTimeDa(data.change.effectiveAt) }),
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="limit-form">
      <DepositLimitFields
        value={value}
        onChange={setValue}
        errors={errors}
        texts={texts}
        labels={{
          period: t('limitations.period_label'),
          amount: t('limitations.limit_label'),
          custom: t('limitations.custom_limit'),
          placeholder: t('limitations.custom_placeholder'),
        }}
      />
      <div role="status" data-testid="limit-status">
        {status ? <p className={status.ok ? `${styles.alert} ${styles.success}` : styles.alert}>{status.text}</p> : null}
      </div>
      <button type="submit" className={styles.submit} aria-disabled={busy || undefined} disabled={busy}>
        {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
        {busy ? t('btn.loading') : t('limitations.save')}
      </button>
    </form>
  );
}

function PauseForm({ t, onPaused }: { t: T; onPaused: (view: LimitsView) => void }) {
  const id = useId();
  const { busy, post } = usePost();
  const [duration, setDuration] = useState<PauseDuration | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  // The confirmation replaces the button that opened it: focus moves into it, for keyboards and screen readers.
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  function ask(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    if (!duration) {
      setError(t('validation.period_required'));
      return;
    }
    setError(null);
    setConfirming(true);
  }

  async function confirm() {
    const answer = await post('/api/limits/pause', { duration });
    setConfirming(false);
    if (!answer.ok) {
      setStatus({ ok: false, text: answer.body.message ?? t('limitations.save_error') });
      return;
    }
    const overview = answer.body.data as LimitsView;
    onPaused(overview);
    setStatus({ ok: true, text: t('limitations.break_started', { date: formatDateTimeDa(overview.pausedUntil!) }) });
  }

  return (
    <form className={styles.form} onSubmit={ask} noValidate data-testid="pause-form">
      <fieldset className={styles.choices} aria-describedby={error ? `${id}-error` : undefined}>
        <legend className={styles.legend}>{t('limitations.pause_legend')}</legend>
        {(['24h', '30d'] as const).map((value) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name={`${id}-duration`}
              value={value}
              checked={duration === value}
              onChange={() => (setDuration(value), setConfirming(false))}
            />
            {t(`limitations.break_${value}`)}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p className={styles.fieldError} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {confirming && duration ? (
        <div className={styles.alert} role="alertdialog" aria-labelledby={`${id}-confirm`} data-testid="pause-confirm">
          <p id={`${id}-confirm`} className={styles.muted}>
            {t(`limitations.pause_confirm_${duration}`)}
          </p>
          <div className={styles.buttons}>
            <button
              type="button"
              ref={confirmButton}
              className={styles.submit}
              onClick={() => void confirm()}
              aria-disabled={busy || undefined}
              disabled={busy}
            >
              {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
              {busy ? t('btn.loading') : t('btn.confirm')}
            </button>
            <button type="button" className={styles.secondary} onClick={() => setConfirming(false)}>
              {t('btn.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button type="submit" className={styles.submit}>
          {t('btn.start_break')}
        </button>
      )}
      <div role="status" data-testid="pause-status">
        {status ? <p className={status.ok ? `${styles.alert} ${styles.success}` : styles.alert}>{status.text}</p> : null}
      </div>
    </form>
  );
}

function ClosureForm({ t, onClosed }: { t: T; onClosed: (view: LimitsView) => void }) {
  const id = useId();
  const { busy, post } = usePost();
  const [confirming, setConfirming] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checkbox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (confirming) checkbox.current?.focus();
  }, [confirming]);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!understood) {
      setError(t('limitations.close_confirm_required'));
      return;
    }
    setError(null);
    const answer = await post('/api/limits/closure', { confirm: true });
    if (!answer.ok) {
      setError(answer.body.message ?? t('limitations.save_error'));
      return;
    }
    onClosed(answer.body.data as LimitsView);
  }

  if (!confirming) {
    return (
      <button type="button" className={styles.secondary} onClick={() => setConfirming(true)} data-testid="close-account">
        {t('limitations.close_account_button')}
      </button>
    );
  }
  return (
    <form className={`${styles.form} ${styles.alert}`} onSubmit={confirm} noValidate data-testid="close-confirm">
      <p className={styles.muted}>{t('limitations.close_confirm')}</p>
      <label className={styles.check}>
        <input
          ref={checkbox}
          type="checkbox"
          checked={understood}
          onChange={(event) => setUnderstood(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>{t('limitations.close_confirm_check')}</span>
      </label>
      {error ? (
        <p className={styles.fieldError} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <div className={styles.buttons}>
        <button type="submit" className={styles.submit} aria-disabled={busy || undefined} disabled={busy}>
          {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
          {busy ? t('btn.loading') : t('btn.close_account')}
        </button>
        <button type="button" className={styles.secondary} onClick={() => (setConfirming(false), setUnderstood(false), setError(null))}>
          {t('btn.cancel')}
        </button>
      </div>
    </form>
  );
}
