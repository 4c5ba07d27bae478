import { ERROR_CATALOGUE, type ErrorCode } from '@krone/domain';

/**
 * A domain error: a stable machine code, the HTTP status it maps to, and the key of its Danish
 * message in the translations (group.key). Routes throw these; the error plugin shapes the answer.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    readonly messageKey: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

/**
 * The one way the platform refuses: the code's status and message key come from the domain's
 * catalogue (`ERROR_CATALOGUE`). `override` is for the few sites whose answer differs from the
 * code's entry on purpose; the entry's comment names them.
 */
export function fail(code: ErrorCode, details?: Record<string, unknown>, override?: { status?: number; messageKey?: string }): AppError {
  const entry = ERROR_CATALOGUE[code];
  return new AppError(code, override?.status ?? entry.status, override?.messageKey ?? entry.messageKey, details);
}
