'use client';

import { useState, type ReactNode } from 'react';
import type { Translate } from '../../lib/i18n';
import { initialStake } from '../../lib/slot-screen';
import type { TableKind, TableRules, TableView } from '../../lib/studio-schemas';
import type { TableSession } from './use-table-session';

/** What the table screen gives a hand-dealt game's screen (blackjack, video poker). */
export interface TableGameProps {
  rules: TableRules;
  table: TableSession;
  motion: boolean;
  t: Translate;
  status: ReactNode;
}

const isOfKind = <K extends TableKind>(view: TableView, kind: K): view is Extract<TableView, { kind: K }> => view.kind === kind;

/**
 * What blackjack and video poker share: the stake of the next hand (the title's default to start),
 * the round on the table when it is of this game's kind (null otherwise) and its view.
 */
export function useTableGame<K extends TableKind>(kind: K, rules: TableRules, table: TableSession) {
  const [stakeOre, setStakeOre] = useState(() => initialStake(rules.stake));
  const view = table.round && isOfKind(table.round.table, kind) ? table.round.table : null;
  const round = view ? table.round : null;
  return { stakeOre, setStakeOre, round, view };
}
