import { NavLink, Outlet, useNavigate, useNavigation, useRouteLoaderData } from 'react-router';
import { api, SESSION_EXPIRED, staffCall } from '../api/client';
import type { Me } from '../api/types';
import { Brand } from '../components/Brand';
import { label } from '../format';
import { da } from '../i18n/da';
import { can } from '../roles';

let signedIn = false;

/** The member of the session, before any signed-in page: without a session, the login. */
export async function shellLoader(): Promise<Me> {
  const me = await staffCall(api.GET('/Staff/me'), signedIn ? SESSION_EXPIRED : '/login');
  signedIn = true;
  return me;
}

/**
 * The member is read again at every navigation, not only after a form: roles granted or taken (an
 * administrator's change, four eyes) show in the menu at the member's next step, without a reload,
 * and a session ended elsewhere sends them to the login at once.
 */
export const shellShouldRevalidate = () => true;

export function useMe(): Me {
  const me = useRouteLoaderData<typeof shellLoader>('shell');
  if (!me) throw new Error('useMe outside the signed-in shell');
  return me;
}

/** The menu's screens, each shown to the roles it admits (the platform checks again). */
const NAV = [
  { id: 'players', to: '/spillere', shown: can.readPlayers, text: da.shell.players },
  { id: 'support', to: '/support', shown: can.workSupport, text: da.shell.support },
  { id: 'kyc', to: '/kyc', shown: can.reviewDocuments, text: da.shell.kyc },
  { id: 'withdrawals', to: '/udbetalinger', shown: can.reviewWithdrawals, text: da.shell.withdrawals },
  { id: 'responsible', to: '/ansvarligt-spil', shown: can.workResponsible, text: da.shell.responsible },
  { id: 'figures', to: '/tal', shown: can.readFigures, text: da.shell.figures },
  { id: 'content', to: '/indhold', shown: can.editContent, text: da.shell.content },
  { id: 'codes', to: '/tilbud', shown: can.manageOffers, text: da.shell.codes },
  { id: 'games', to: '/spil', shown: can.manageOffers, text: da.shell.games },
  { id: 'lobby', to: '/lobby', shown: can.manageOffers, text: da.shell.lobby },
  { id: 'staff', to: '/medarbejdere', shown: can.administer, text: da.shell.staff },
  { id: 'settings', to: '/indstillinger', shown: can.administer, text: da.shell.settings },
];

export function Shell() {
  const me = useMe();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const busy = navigation.state !== 'idle';

  async function logout() {
    signedIn = false;
    await fetch('/auth/logout', { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
    await navigate('/login?logget-ud', { replace: true });
  }

  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        {da.shell.skipToContent}
      </a>
      <aside className="sidebar">
        <Brand inverse />
        <nav aria-label={da.shell.navLabel}>
          <ul className="nav-list">
            <li>
              <NavLink to="/" end className="nav-link" data-testid="nav-dashboard">
                {da.shell.dashboard}
              </NavLink>
            </li>
            {NAV.filter((item) => item.shown(me.roles)).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="nav-link" data-testid={`nav-${item.id}`}>
                  {item.text}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to="/godkendelser" className="nav-link" data-testid="nav-approvals">
                {da.shell.approvals} <span className="nav-hint">({da.shell.approvalsHint})</span>
              </NavLink>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="main-area">
        <header className="topbar">
          <div className={busy ? 'progress active' : 'progress'} aria-hidden="true" />
          <span className="visually-hidden" role="status">
            {busy ? da.shell.loading : ''}
          </span>
          <div className="who">
            <span className="who-label">{da.shell.signedInAs}</span>
            <span className="who-name" data-testid="staff-name">
              {me.name}
            </span>
            <ul className="role-list" aria-label={da.shell.roles} data-testid="staff-roles">
              {me.roles.map((role) => (
                <li key={role} className="role-chip">
                  {label(da.roles, role)}
                </li>
              ))}
            </ul>
          </div>
          <button type="button" className="button" onClick={logout} data-testid="logout">
            {da.shell.logout}
          </button>
        </header>
        <main id="main" className="content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** Before the member is known, a quiet page (the first load). */
export function ShellLoading() {
  return (
    <div className="boot" role="status">
      {da.shell.loading}
    </div>
  );
}
