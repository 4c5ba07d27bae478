import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isErrorCode, type ErrorCode } from '@krone/domain';
import { StudioError } from './errors.js';
import type { ErrorBody } from './http.js';

/** Maps every failure to `{ result: 0, code, message }`; a 5xx never carries internals (the log has them). */
export const errorPlugin = fp<{ message: (code: ErrorCode) => string }>(async (app: FastifyInstance, { message }) => {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof StudioError) {
      const body: ErrorBody = { result: 0, code: error.code, message: error.details.message ?? message(error.code) };
      if (error.details.balanceOre !== undefined) body.balanceOre = error.details.balanceOre;
      if (error.details.nextRoundAt !== undefined) body.nextRoundAt = error.details.nextRoundAt;
      if (error.details.reason !== undefined) body.reason = error.details.reason;
      if (error.details.betIndex !== undefined) body.betIndex = error.details.betIndex;
      if (error.details.roundId !== undefined) body.roundId = error.details.roundId;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation)
        fields[issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_'] = issue.message ?? 'invalid';
      return reply.status(400).send({ result: 0, code: 'INVALID_INPUT', message: message('INVALID_INPUT'), fields } satisfies ErrorBody);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code: ErrorCode = isErrorCode(error.code) ? error.code : 'BAD_REQUEST';
      return reply.status(error.statusCode).send({ result: 0, code, message: message('BAD_REQUEST') } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ result: 0, code: 'SERVER_ERROR', message: message('SERVER_ERROR') } satisfies ErrorBody);
  });
  app.setNotFoundHandler(async (_request, reply) =>
    reply.status(404).send({ result: 0, code: 'NOT_FOUND', message: message('NOT_FOUND') } satisfies ErrorBody),
  );
});
