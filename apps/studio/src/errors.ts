import { ERROR_CATALOGUE, type ErrorCode } from '@krone/domain';

/** A refusal: a catalogue code, its status, and what the answer carries besides (balanceOre, nextRoundAt). */
export class StudioError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    readonly details: {
      balanceOre?: number;
      nextRoundAt?: string;
      message?: string;
      reason?: string;
      betIndex?: number;
      roundId?: string;
    } = {},
  ) {
    super(code);
    this.name = 'StudioError';
  }
}

/** The one way the studio refuses: the code's status from the domain's catalogue. */
export const fail = (code: ErrorCode, details?: StudioError['details'], status?: number) =>
  new StudioError(code, status ?? ERROR_CATALOGUE[code].status, details);
