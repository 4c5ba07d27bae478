import { Link } from 'react-router';
import { formatDateTime } from '../format';
import { da } from '../i18n/da';
import { can } from '../roles';
import { useTitle } from '../useTitle';
import { useMe } from './shell';

/** The start page: what the member's roles let them do. */
export function Dashboard() {
  const me = useMe();
  useTitle(da.dashboard.title);
  const players = can.readPlayers(me.roles);
  return (
    <>
      <div className="page-head">
        <h1>{da.dashboard.greeting(me.name)}</h1>
        <p className="muted">{da.dashboard.intro}</p>
      </div>
      <div className="tiles">
        {players ? (
          <section className="card tile" aria-labelledby="tile-players">
            <h2 id="tile-players">{da.dashboard.playersTitle}</h2>
            <p>{da.dashboard.playersText}</p>
            <Link to="/spillere" className="button primary" data-testid="dashboard-players">
              {da.dashboard.playersLink}
            </Link>
          </section>
        ) : null}
        {can.reviewWithdrawals(me.roles) ? (
          <section className="card tile" aria-labelledby="tile-withdrawals">
            <h2 id="tile-withdrawals">{da.dashboard.withdrawalsTitle}</h2>
            <p>{da.dashboard.withdrawalsText}</p>
            <Link to="/udbetalinger" className="button primary" data-testid="dashboard-withdrawals">
              {da.dashboard.withdrawalsLink}
            </Link>
          </section>
        ) : null}
        {can.workResponsible(me.roles) ? (
          <section className="card tile" aria-labelledby="tile-responsible">
            <h2 id="tile-responsible">{da.dashboard.responsibleTitle}</h2>
            <p>{da.dashboard.responsibleText}</p>
            <Link to="/ansvarligt-spil" className="button primary" data-testid="dashboard-responsible">
              {da.dashboard.responsibleLink}
            </Link>
          </section>
        ) : null}
        {can.readFigures(me.roles) ? (
          <section className="card tile" aria-labelledby="tile-figures">
            <h2 id="tile-figures">{da.dashboard.figuresTitle}</h2>
            <p>{da.dashboard.figuresText}</p>
            <Link to="/tal" className="button primary" data-testid="dashboard-figures">
              {da.dashboard.figuresLink}
            </Link>
          </section>
        ) : null}
        <section className="card tile" aria-labelledby="tile-approvals">
          <h2 id="tile-approvals">{da.dashboard.approvalsTitle}</h2>
          <p>{da.dashboard.approvalsText}</p>
          <Link to="/godkendelser" className="button primary" data-testid="dashboard-approvals">
            {da.dashboard.approvalsLink}
          </Link>
        </section>
      </div>
      {!players ? <p className="muted">{da.dashboard.nothingElse}</p> : null}
      <p className="muted small">{da.dashboard.sessionEnds(formatDateTime(me.sessionExpiresAt))}</p>
    </>
  );
}
