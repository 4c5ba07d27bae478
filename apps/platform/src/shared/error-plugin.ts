import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';

export interface ErrorBody {
  result: 0;
  code: string;
  message: string;
  fields?: Record<string, string>;
  remainingOre?: number;
}

type Translate = (messageKey: string) => Promise<string>;

/**
 * Maps every failure to `{ result: 0, code, message }` with the Danish message from the
 * translations. A 5xx never carries internals; they go to the log only.
 */
export const errorPlugin = fp<{ translate: Translate }>(async (app: FastifyInstance, { translate }) => {
  const message = async (key: string) => {
    try {
      return await translate(key);
    } catch {
      return key;
    }
  };

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { result: 0, code: error.code, message: await message(error.messageKey) };
      if (error.details?.fields) body.fields = error.details.fields as Record<string, string>;
      if (typeof error.details?.remainingOre === 'number') body.remainingOre = error.details.remainingOre;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        fields[field || '_'] = issue.message ?? 'invalid';
      }
      return reply
        .status(400)
        .send({ result: 0, code: 'INVALID_INPUT', message: await message('validation.invalid_input'), fields } satisfies ErrorBody);
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send({ result: 0, code: 'RATE_LIMITED', message: await message('validation.rate_limited') } satisfies ErrorBody);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code = error.code?.startsWith('FST_') ? 'BAD_REQUEST' : (error.code ?? 'BAD_REQUEST');
      return reply
        .status(error.statusCode)
        .send({ result: 0, code, message: await message('validation.invalid_input') } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ result: 0, code: 'SERVER_ERROR', message: await message('validation.server_error') } satisfies ErrorBody);
  });

  app.setNotFoundHandler(async (request, reply) => {
    return reply
      .status(404)
      .send({ result: 0, code: 'NOT_FOUND', message: await message('validation.not_found') } satisfies ErrorBody);
  });
});
