import { pickTranslations } from '@/lib/i18n';
import { loadTableRules } from '@/lib/studio';
import { BarFavourite, launchMetadata, LaunchFailed, openLaunch, type LaunchChoice } from '../game-screen/game-page';
import { TableRulesPanel } from './table-rules-panel';
import { TableScreen } from './table-screen';
import { TABLE_TEXT_KEYS } from './text-keys';

/** The table games' lists and launch routes (issue 24): the lobby, and play for fun or for money. */
export const TABLE_GAMES_PATH = '/bordspil';
export const TABLE_FUN_PATH = '/bordspil/spil-for-sjov';
export const TABLE_MONEY_PATH = '/bordspil/spil-for-penge';

export const tableGameMetadata = (gameId: string) => launchMetadata(gameId, loadTableRules);

/**
 * A table game's launch route (rendered per visitor, never cached: it depends on the login), as
 * the slot's GamePage (`openLaunch`: the 404 page for an unknown game, a slot or an unknown play
 * type, login first for a guest who chose money), then the table's screen (roulette, blackjack or
 * video poker), which opens its studio session through /api/spil once it runs in the browser. The
 * rules panel (rules, paytable, RTP) is rendered here, on the server.
 */
export async function TableGamePage({ gameId, choice, path }: { gameId: string; choice: LaunchChoice; path: string }) {
  const { rules, profile, t, game, mode } = await openLaunch(gameId, choice, path, loadTableRules);
  if (!rules.ok) return <LaunchFailed title={t('games.board_games_title')} t={t} />;
  return (
    <TableScreen
      gameId={gameId}
      mode={mode}
      rules={rules.data}
      loginAt={profile?.userInfo.lastLogin ?? null}
      colours={game?.ok ? game.data.theme.colours : null}
      lobbyPath={TABLE_GAMES_PATH}
      moneyPath={mode === 'fun' ? `${TABLE_MONEY_PATH}/${gameId}` : null}
      funPath={`${TABLE_FUN_PATH}/${gameId}`}
      texts={pickTranslations(t, TABLE_TEXT_KEYS)}
      barExtra={profile ? <BarFavourite gameId={gameId} name={rules.data.name} t={t} /> : null}
    >
      <TableRulesPanel rules={rules.data} t={t} />
    </TableScreen>
  );
}
