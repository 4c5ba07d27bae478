import type { RoundAnswer, StudioRound, TableRound } from './studio-schemas';

/*
 * The round answers' type guards the game screens use in the browser. They sit apart from the
 * schemas (studio-schemas.ts, which the storefront's server parses the studio's answers with) so a
 * game page's scripts do not carry zod and every schema built at load: the browser reads answers the
 * storefront has already checked.
 */

/** Whether a round answer shows an outcome (settled), or is pending or refused. */
export const isShownRound = (round: RoundAnswer['round']): round is StudioRound => 'outcome' in round;
/** Whether a round answer is a table game's round with its table shown (playing or settled). */
export const isTableRound = (round: RoundAnswer['round']): round is TableRound => 'table' in round;
