import type { paths } from './staff-api';

/** The `data` of a call's 200 answer (`{ result: 1, data }`). */
export type Ok<P extends keyof paths, M extends 'get' | 'post'> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': { data: infer D } } } };
}
  ? D
  : never;

export type Me = Ok<'/Staff/me', 'get'>;
export type PlayerSummary = Ok<'/Staff/players', 'get'>['players'][number];
export type PlayerPage = Ok<'/Staff/players/{playerId}', 'get'>;
export type Proposal = Ok<'/Staff/proposals', 'get'>['proposals'][number];
export type ProposalFilter = 'pending' | 'approved' | 'rejected' | 'all';
export type KycDocument = Ok<'/Staff/documents', 'get'>['documents'][number];
export type KycFilter = 'open' | 'received' | 'in_review' | 'approved' | 'rejected';
export type Withdrawal = Ok<'/Staff/withdrawals', 'get'>['withdrawals'][number];
export type WithdrawalFilter = 'open' | 'held' | 'sending' | 'paid' | 'closed';
export type Figures = Ok<'/Staff/figures', 'get'>;
export type FigureRow = Figures['rows'][number];
export type FigureGame = Figures['games'][number];
export type FiguresGrain = Figures['grain'];
export type RiskPlayer = Ok<'/Staff/responsible', 'get'>['players'][number];
export type RiskFilter = 'to_contact' | 'all';
