import { useCallback, useState } from 'react';
import { Link, NavLink, Outlet, useLoaderData, useRouteLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { api, staffCall, staffWrite, type ActionResult } from '../api/client';
import { Notice } from '../components/Notice';
import { Section } from '../components/Section';
import { ReasonDialog } from '../components/ReasonDialog';
import { playerStatusTone, StatusBadge } from '../components/StatusBadge';
import { parseKrToOre } from '@krone/domain';
import { formatCalendarDate, formatDateTime, formatKr, label, parseSignedKrToOre } from '../format';
import { da } from '../i18n/da';
import { can } from '../roles';
import { useTitle } from '../useTitle';
import { playerTables } from './player-tables';
import { useMe } from './shell';

const words = da.player;

export async function playerLoader({ params }: LoaderFunctionArgs) {
  const playerId = params.playerId ?? '';
  return staffCall(api.GET('/Staff/players/{playerId}', { params: { path: { playerId } } }));
}

export async function playerAction({ request, params }: ActionFunctionArgs): Promise<ActionResult> {
  const playerId = params.playerId ?? '';
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const reason = String(form.get('reason') ?? '').trim();
  if (reason.length < 3) return { ok: false, intent, message: da.dialog.reasonTooShort };
  const path = { params: { path: { playerId } }, body: { reason } };
  if (intent === 'lock') return staffWrite(intent, api.POST('/Staff/players/{playerId}/lock', path));
  if (intent === 'unlock') return staffWrite(intent, api.POST('/Staff/players/{playerId}/unlock', path));
  if (intent === 'propose') {
    const amountOre = parseSignedKrToOre(String(form.get('amount') ?? ''));
    if (amountOre === null) return { ok: false, intent, message: words.amountInvalid };
    return staffWrite(intent, api.POST('/Staff/proposals', { body: { kind: 'balance_correction', playerId, amountOre, reason } }));
  }
  if (intent === 'reopen') return staffWrite(intent, api.POST('/Staff/proposals', { body: { kind: 'account_reopen', playerId, reason } }));
  if (intent === 'bonus') {
    const amountOre = parseKrToOre(String(form.get('amount') ?? ''));
    const wageringMultiple = Number(form.get('wagering') ?? '');
    if (amountOre === null || amountOre <= 0) return { ok: false, intent, message: words.amountInvalid };
    return staffWrite(
      intent,
      api.POST('/Staff/proposals', { body: { kind: 'manual_bonus', playerId, amountOre, wageringMultiple, reason } }),
    );
  }
  return { ok: false, intent, message: da.errors.generic };
}

type Dialog = 'lock' | 'unlock' | 'propose' | 'reopen' | 'bonus' | null;

export function PlayerPage() {
  const page = useLoaderData<typeof playerLoader>();
  const me = useMe();
  const { profile } = page;
  useTitle(profile.name || words.titleFallback);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState<string | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const finished = useCallback((result: ActionResult) => {
    setDialog(null);
    setDone(result.intent);
  }, []);
  const open = (which: Dialog) => {
    setDone(null);
    setDialog(which);
  };
  const locked = profile.status === 'locked';

  return (
    <>
      <p className="breadcrumb">
        <Link to="/spillere">← {words.back}</Link>
      </p>
      <div className="page-head player-head">
        <div>
          <div className="title-row">
            <h1>{profile.name}</h1>
            <StatusBadge text={label(da.playerStatus, profile.status)} tone={playerStatusTone(profile.status)} testId="player-status" />
          </div>
          <p className="muted mono small">{profile.id}</p>
        </div>
        <div className="actions" role="group" aria-label={words.actions}>
          {can.lockPlayers(me.roles) ? (
            locked ? (
              <button type="button" className="button" onClick={() => open('unlock')} data-testid="unlock-player">
                {words.unlock}
              </button>
            ) : (
              <button type="button" className="button danger" onClick={() => open('lock')} data-testid="lock-player">
                {words.lock}
              </button>
            )
          ) : null}
          {can.reopenAccount(me.roles) && page.account.state === 'closed' ? (
            <button type="button" className="button" onClick={() => open('reopen')} data-testid="propose-reopen">
              {words.proposeReopen}
            </button>
          ) : null}
          {can.proposeBonus(me.roles) ? (
            <button type="button" className="button" onClick={() => open('bonus')} data-testid="propose-bonus">
              {words.proposeBonus}
            </button>
          ) : null}
          {can.proposeCorrection(me.roles) ? (
            <button type="button" className="button" onClick={() => open('propose')} data-testid="propose-correction">
              {words.proposeCorrection}
            </button>
          ) : null}
        </div>
      </div>

      {done === 'lock' ? <Notice title={words.locked} /> : null}
      {done === 'unlock' ? <Notice title={words.unlocked} /> : null}
      {done === 'reopen' || done === 'bonus' ? (
        <Notice title={words.correctionSent} testId="proposal-sent">
          {done === 'reopen' ? words.reopenSentText : words.bonusSentText}
        </Notice>
      ) : null}
      {done === 'propose' ? (
        <Notice title={words.correctionSent} testId="correction-sent">
          {words.correctionSentText}
        </Notice>
      ) : null}

      <PlayerTabs playerId={profile.id} roles={me.roles} />
      <Outlet />

      {dialog === 'lock' || dialog === 'unlock' ? (
        <ReasonDialog
          title={dialog === 'lock' ? words.lockTitle : words.unlockTitle}
          text={<p>{dialog === 'lock' ? words.lockText : words.unlockText}</p>}
          intent={dialog}
          submitLabel={dialog === 'lock' ? words.lock : words.unlock}
          danger={dialog === 'lock'}
          onCancel={close}
          onDone={finished}
        />
      ) : null}
      {dialog === 'reopen' ? (
        <ReasonDialog
          title={words.reopenTitle}
          text={<p>{words.reopenText}</p>}
          intent="reopen"
          submitLabel={words.correctionSubmit}
          onCancel={close}
          onDone={finished}
        />
      ) : null}
      {dialog === 'bonus' ? (
        <ReasonDialog
          title={words.bonusTitle}
          text={<p>{words.bonusText}</p>}
          intent="bonus"
          submitLabel={words.correctionSubmit}
          onCancel={close}
          onDone={finished}
        >
          <AmountField id="bonus-amount" label={words.bonusAmount} hint={words.bonusAmountHint} />
          <div className="field">
            <label htmlFor="bonus-wagering">{words.bonusWagering}</label>
            <select id="bonus-wagering" name="wagering" defaultValue="10" data-testid="bonus-wagering">
              {[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((times) => (
                <option key={times} value={times}>
                  {words.bonusWageringTimes(times)}
                </option>
              ))}
            </select>
          </div>
        </ReasonDialog>
      ) : null}
      {dialog === 'propose' ? (
        <ReasonDialog
          title={words.correctionTitle}
          text={<p>{words.correctionText}</p>}
          intent="propose"
          submitLabel={words.correctionSubmit}
          reasonTestId="correction-reason"
          submitTestId="correction-submit"
          onCancel={close}
          onDone={finished}
        >
          <AmountField id="correction-amount" label={words.correctionAmount} hint={words.correctionAmountHint} />
        </ReasonDialog>
      ) : null}
    </>
  );
}

/** An amount in kroner typed in a proposal's dialog (posted as `amount`), with its hint. */
function AmountField({ id, label: text, hint }: { id: string; label: string; hint: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{text}</label>
      <input
        id={id}
        name="amount"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        required
        maxLength={20}
        aria-describedby={`${id}-hint`}
        data-testid={id}
      />
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
    </div>
  );
}

/** The player's pages as tabs (links: each its own address, kept on reload); what a role may not read is not offered. */
function PlayerTabs({ playerId, roles }: { playerId: string; roles: readonly string[] }) {
  const tabs = [
    ['', words.tabs.overview],
    ['transaktioner', words.tabs.transactions],
    ['spil', words.tabs.rounds],
    ['bonusser', words.tabs.bonuses],
    ['udbetalinger', words.tabs.withdrawals],
    ['noter', words.tabs.notes],
    ['henvendelser', words.tabs.messages],
    ['rofus', words.tabs.rofus],
    ...(can.workResponsible(roles) ? [['ansvarligt-spil', words.tabs.responsible]] : []),
    ...(can.readReadLog(roles) ? [['opslag', words.tabs.reads]] : []),
  ] as const;
  return (
    <nav aria-label={words.tabsLabel} className="tabs player-tabs">
      {tabs.map(([path, text]) => (
        <NavLink
          key={path}
          to={path ? `/spillere/${playerId}/${path}` : `/spillere/${playerId}`}
          end
          className={({ isActive }) => (isActive ? 'tab active' : 'tab')}
          data-testid={`player-tab-${path || 'overview'}`}
        >
          {text}
        </NavLink>
      ))}
    </nav>
  );
}

/** The player's page's first tab: profile, balances, account, limits, pauses, logins, documents, proposals, the trail. */
export function PlayerOverview() {
  const page = useRouteLoaderData<typeof playerLoader>('player')!;
  const { profile, balances, account } = page;
  const tables = playerTables(page);
  return (
    <>
      <div className="grid">
        <section className="card" aria-labelledby="profile-title">
          <h2 id="profile-title">{words.profile}</h2>
          <dl className="facts">
            <Fact term={words.profileFields.name} value={profile.name} />
            <Fact term={words.profileFields.nickname} value={profile.nickname} />
            <Fact term={words.profileFields.email} value={profile.email} />
            <Fact term={words.profileFields.phone} value={profile.phone} />
            <Fact term={words.profileFields.birthDate} value={formatCalendarDate(profile.birthDate)} />
            <Fact
              term={words.profileFields.address}
              value={[profile.address, [profile.zip, profile.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
            />
            <Fact term={words.profileFields.playerType} value={profile.playerType} />
            <Fact term={words.profileFields.registeredAt} value={formatDateTime(profile.registeredAt)} />
            <Fact term={words.profileFields.lastLoginAt} value={formatDateTime(profile.lastLoginAt)} />
            <Fact term={words.profileFields.notifications} value={words.notifications(profile.emailNotify, profile.smsNotify)} />
            <Fact term={words.profileFields.campaignCode} value={profile.campaignCode} />
          </dl>
        </section>

        <div className="stack">
          <section className="card" aria-labelledby="balances-title">
            <h2 id="balances-title">{words.balances}</h2>
            <dl className="figures">
              <Figure term={words.cash} value={formatKr(balances.cashOre)} testId="balance-cash" />
              <Figure term={words.bonus} value={formatKr(balances.bonusOre)} testId="balance-bonus" />
              <Figure term={words.payoutReserve} value={formatKr(balances.payoutReserveOre)} testId="balance-payout-reserve" />
            </dl>
          </section>
          <section className="card" aria-labelledby="account-title">
            <h2 id="account-title">{words.account}</h2>
            <dl className="facts">
              <Fact term={words.accountState} value={label(da.accountState, account.state)} testId="account-state" />
              <Fact term={words.verification} value={label(da.verification, page.verification)} testId="verification-level" />
              {account.pausedUntil ? <Fact term={words.pausedUntil} value={formatDateTime(account.pausedUntil)} /> : null}
              {account.closedAt ? <Fact term={words.closedAt} value={formatDateTime(account.closedAt)} /> : null}
            </dl>
          </section>
        </div>
      </div>

      <Section id="limits" title={words.limits}>
        {tables.limits}
        {tables.limitChanges}
      </Section>
      <Section id="exclusions" title={words.exclusions}>
        {tables.exclusions}
      </Section>
      <Section id="sessions" title={words.sessions}>
        {tables.sessions}
      </Section>
      <Section id="documents" title={words.documents}>
        {tables.documents}
      </Section>
      <Section id="proposals" title={words.proposals}>
        {tables.proposals}
      </Section>
      <Section id="trail" title={words.trail}>
        {tables.trail}
      </Section>
    </>
  );
}

function Fact({ term, value, testId }: { term: string; value: string | null | undefined; testId?: string }) {
  return (
    <div className="fact">
      <dt>{term}</dt>
      <dd data-testid={testId}>{value || da.notSet}</dd>
    </div>
  );
}

function Figure({ term, value, testId }: { term: string; value: string; testId: string }) {
  return (
    <div className="figure">
      <dt>{term}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
