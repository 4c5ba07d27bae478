import { Link } from 'react-router';
import { formatDateTime } from '../format';
import { da } from '../i18n/da';
import { can } from '../roles';
import { useTitle } from '../useTitle';
import { useMe } from './shell';

const words = da.dashboard;
/** The start page's tiles, each shown to the roles its screen admits (the platform checks again). */
const TILES = [
  { id: 'players', to: '/spillere', shown: can.readPlayers, title: words.playersTitle, text: words.playersText, link: words.playersLink },
  { id: 'support', to: '/support', shown: can.workSupport, title: words.supportTitle, text: words.supportText, link: words.supportLink },
  {
    id: 'withdrawals',
    to: '/udbetalinger',
    shown: can.reviewWithdrawals,
    title: words.withdrawalsTitle,
    text: words.withdrawalsText,
    link: words.withdrawalsLink,
  },
  {
    id: 'responsible',
    to: '/ansvarligt-spil',
    shown: can.workResponsible,
    title: words.responsibleTitle,
    text: words.responsibleText,
    link: words.responsibleLink,
  },
  { id: 'content', to: '/indhold', shown: can.editContent, title: words.contentTitle, text: words.contentText, link: words.contentLink },
  { id: 'codes', to: '/tilbud', shown: can.manageOffers, title: words.codesTitle, text: words.codesText, link: words.codesLink },
  { id: 'games', to: '/spil', shown: can.manageOffers, title: words.gamesTitle, text: words.gamesText, link: words.gamesLink },
  { id: 'staff', to: '/medarbejdere', shown: can.administer, title: words.staffTitle, text: words.staffText, link: words.staffLink },
  {
    id: 'settings',
    to: '/indstillinger',
    shown: can.administer,
    title: words.settingsTitle,
    text: words.settingsText,
    link: words.settingsLink,
  },
  { id: 'figures', to: '/tal', shown: can.readFigures, title: words.figuresTitle, text: words.figuresText, link: words.figuresLink },
  {
    id: 'approvals',
    to: '/godkendelser',
    shown: () => true,
    title: words.approvalsTitle,
    text: words.approvalsText,
    link: words.approvalsLink,
  },
];

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
        {TILES.filter((tile) => tile.shown(me.roles)).map((tile) => (
          <section key={tile.id} className="card tile" aria-labelledby={`tile-${tile.id}`}>
            <h2 id={`tile-${tile.id}`}>{tile.title}</h2>
            <p>{tile.text}</p>
            <Link to={tile.to} className="button primary" data-testid={`dashboard-${tile.id}`}>
              {tile.link}
            </Link>
          </section>
        ))}
      </div>
      {!players ? <p className="muted">{da.dashboard.nothingElse}</p> : null}
      <p className="muted small">{da.dashboard.sessionEnds(formatDateTime(me.sessionExpiresAt))}</p>
    </>
  );
}
