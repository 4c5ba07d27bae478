import { createBrowserRouter } from 'react-router';
import { Dashboard } from './routes/dashboard';
import { NotFound, RouteError, ShellError } from './routes/errors';
import { figuresLoader, FiguresPage } from './routes/figures';
import { responsibleAction, responsibleLoader, ResponsiblePage } from './routes/responsible';
import { kycAction, kycLoader, KycPage } from './routes/kyc';
import { LoginPage } from './routes/login';
import { playerAction, playerLoader, PlayerPage } from './routes/player';
import { PlayersPage, playersLoader } from './routes/players';
import { proposalsAction, proposalsLoader, ProposalsPage } from './routes/proposals';
import { Shell, ShellLoading, shellLoader } from './routes/shell';
import { withdrawalsAction, withdrawalsLoader, WithdrawalsPage } from './routes/withdrawals';

export const router = createBrowserRouter([
  { path: '/login', Component: LoginPage },
  {
    id: 'shell',
    path: '/',
    loader: shellLoader,
    Component: Shell,
    HydrateFallback: ShellLoading,
    ErrorBoundary: ShellError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, Component: Dashboard },
          { path: 'spillere', loader: playersLoader, Component: PlayersPage },
          { path: 'spillere/:playerId', loader: playerLoader, action: playerAction, Component: PlayerPage },
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
