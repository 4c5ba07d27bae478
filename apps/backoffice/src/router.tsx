import { createBrowserRouter } from 'react-router';
import { Dashboard } from './routes/dashboard';
import { NotFound, RouteError, ShellError } from './routes/errors';
import { figuresLoader, FiguresPage } from './routes/figures';
import { responsibleAction, responsibleLoader, ResponsiblePage } from './routes/responsible';
import { kycAction, kycLoader, KycPage } from './routes/kyc';
import { LoginPage } from './routes/login';
import { playerAction, playerLoader, PlayerOverview, PlayerPage } from './routes/player';
import {
  bonusesLoader,
  PlayerBonuses,
  PlayerRounds,
  PlayerTransactions,
  PlayerWithdrawals,
  playerWithdrawalsLoader,
  roundsLoader,
  transactionsLoader,
} from './routes/player-history';
import {
  notesAction,
  notesLoader,
  PlayerMessages,
  playerMessagesLoader,
  PlayerNotes,
  PlayerResponsible,
  playerResponsibleLoader,
  PlayerReads,
  PlayerRofus,
  readsLoader,
  rofusLoader,
} from './routes/player-records';
import { PlayersPage, playersLoader } from './routes/players';
import { proposalsAction, proposalsLoader, ProposalsPage } from './routes/proposals';
import { Shell, ShellLoading, shellLoader, shellShouldRevalidate } from './routes/shell';
import { contentLoader, ContentPage } from './routes/content';
import { contentItemAction, contentItemLoader, ContentItemPage } from './routes/content-item';
import { supportLoader, supportMessageAction, supportMessageLoader, SupportMessagePage, SupportPage } from './routes/support';
import { withdrawalsAction, withdrawalsLoader, WithdrawalsPage } from './routes/withdrawals';
import { offersLoader, OffersPage } from './routes/offers';
import { offerAction, offerLoader, OfferPage } from './routes/offer';
import { gamesAction, gamesLoader, GamesPage } from './routes/games';
import { lobbyAction, lobbyLoader, LobbyPage } from './routes/lobby';
import { membersAction, membersLoader, MembersPage } from './routes/staff-members';
import { settingsAction, settingsLoader, SettingsPage } from './routes/settings';

export const router = createBrowserRouter([
  { path: '/login', Component: LoginPage },
  {
    id: 'shell',
    path: '/',
    loader: shellLoader,
    shouldRevalidate: shellShouldRevalidate,
    Component: Shell,
    HydrateFallback: ShellLoading,
    ErrorBoundary: ShellError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, Component: Dashboard },
          { path: 'spillere', loader: playersLoader, Component: PlayersPage },
          {
            id: 'player',
            path: 'spillere/:playerId',
            loader: playerLoader,
            action: playerAction,
            Component: PlayerPage,
            // The player's page's tabs: each reads its own call, the header (name, status, actions) stays.
            children: [
              {
                // A tab's refusal or failure is shown in the tab; the header stays.
                ErrorBoundary: RouteError,
                children: [
                  { index: true, Component: PlayerOverview },
                  { path: 'transaktioner', loader: transactionsLoader, Component: PlayerTransactions },
                  { path: 'spil', loader: roundsLoader, Component: PlayerRounds },
                  { path: 'bonusser', loader: bonusesLoader, Component: PlayerBonuses },
                  { path: 'udbetalinger', loader: playerWithdrawalsLoader, Component: PlayerWithdrawals },
                  { path: 'noter', loader: notesLoader, action: notesAction, Component: PlayerNotes },
                  { path: 'henvendelser', loader: playerMessagesLoader, Component: PlayerMessages },
                  { path: 'rofus', loader: rofusLoader, Component: PlayerRofus },
                  { path: 'ansvarligt-spil', loader: playerResponsibleLoader, Component: PlayerResponsible },
                  { path: 'opslag', loader: readsLoader, Component: PlayerReads },
                ],
              },
            ],
          },
          { path: 'support', loader: supportLoader, Component: SupportPage },
          { path: 'support/:messageId', loader: supportMessageLoader, action: supportMessageAction, Component: SupportMessagePage },
          { path: 'indhold', loader: contentLoader, Component: ContentPage },
          { path: 'tilbud', loader: offersLoader, Component: OffersPage },
          { path: 'tilbud/:code', loader: offerLoader, action: offerAction, Component: OfferPage },
          { path: 'spil', loader: gamesLoader, action: gamesAction, Component: GamesPage },
          { path: 'lobby', loader: lobbyLoader, action: lobbyAction, Component: LobbyPage },
          { path: 'medarbejdere', loader: membersLoader, action: membersAction, Component: MembersPage },
          { path: 'indstillinger', loader: settingsLoader, action: settingsAction, Component: SettingsPage },
          { path: 'indhold/:kind/:key', loader: contentItemLoader, action: contentItemAction, Component: ContentItemPage },
          { path: 'kyc', loader: kycLoader, action: kycAction, Component: KycPage },
          { path: 'udbetalinger', loader: withdrawalsLoader, action: withdrawalsAction, Component: WithdrawalsPage },
          { path: 'ansvarligt-spil', loader: responsibleLoader, action: responsibleAction, Component: ResponsiblePage },
          { path: 'tal', loader: figuresLoader, Component: FiguresPage },
          { path: 'godkendelser', loader: proposalsLoader, action: proposalsAction, Component: ProposalsPage },
          { path: '*', Component: NotFound },
        ],
      },
    ],
  },
]);
