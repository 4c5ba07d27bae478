/**
 * A domain error: a stable machine code, the HTTP status it maps to, and the key of its Danish
 * message in the translations (group.key). Routes throw these; the error plugin shapes the answer.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    readonly messageKey: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'NOT_FOUND') => new AppError(what, 404, 'validation.not_found');
export const invalidInput = (details?: Record<string, unknown>) =>
  new AppError('INVALID_INPUT', 400, 'validation.invalid_input', details);
