import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CATALOGUE, isErrorCode, type ErrorCode } from '@krone/domain';
import { isOverload } from '../db/client.js';
import { AppError } from './errors.js';

export interface ErrorBody {
  result: 0;
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
  remainingOre?: number;
  minOre?: number;
  maxOre?: number;
  balanceOre?: number;
  bonusOre?: number;
  freeRoundsLeft?: number;
  stakeOre?: number;
  opensAt?: string;
}

type Translate = (messageKey: string) => Promise<string>;

/**
 * Fastify's `frameworkErrors`: the refusals its router makes before any route or error handler
 * (a URL that does not decode, a path parameter over `maxParamLength`) answered as every other
 * refusal, not with Fastify's own body and `FST_ERR_*` code.
 */
export function answerFrameworkError(error: FastifyError, reply: FastifyReply, translate: Translate): void {
  const refusal = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500;
  const code: ErrorCode = refusal ? 'BAD_REQUEST' : 'SERVER_ERROR';
  const status = refusal ? error.statusCode! : ERROR_CATALOGUE.SERVER_ERROR.status;
  const { messageKey } = ERROR_CATALOGUE[code];
  void translate(messageKey)
    .catch(() => messageKey)
    .then((message) => reply.status(status).send({ result: 0, code, message } satisfies ErrorBody));
}

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
      for (const amount of ['remainingOre', 'minOre', 'maxOre', 'balanceOre', 'bonusOre', 'freeRoundsLeft', 'stakeOre'] as const)
        if (typeof error.details?.[amount] === 'number') body[amount] = error.details[amount];
      if (typeof error.details?.opensAt === 'string') body.opensAt = error.details.opensAt;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        fields[field || '_'] = issue.message ?? 'invalid';
      }
      const { status, messageKey } = ERROR_CATALOGUE.INVALID_INPUT;
      return reply
        .status(status)
        .send({ result: 0, code: 'INVALID_INPUT', message: await message(messageKey), fields } satisfies ErrorBody);
    }
    // The database saturated (db/client.ts): refused fast, nothing changed (the statement, and its
    // transaction, did not commit), worth trying again in a moment.
    if (isOverload(error)) {
      request.log.warn({ err: error }, 'database overloaded: request refused');
      const { status, messageKey } = ERROR_CATALOGUE.SERVICE_OVERLOADED;
      return reply
        .status(status)
        .header('retry-after', '1')
        .send({ result: 0, code: 'SERVICE_OVERLOADED', message: await message(messageKey) } satisfies ErrorBody);
    }
    if (error.statusCode === 429) {
      const { status, messageKey } = ERROR_CATALOGUE.RATE_LIMITED;
      return reply.status(status).send({ result: 0, code: 'RATE_LIMITED', message: await message(messageKey) } satisfies ErrorBody);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // A framework's refusal keeps its own 4xx status; its code is ours only when the catalogue has it.
      const code: ErrorCode = isErrorCode(error.code) ? error.code : 'BAD_REQUEST';
      return reply
        .status(error.statusCode)
        .send({ result: 0, code, message: await message(ERROR_CATALOGUE.BAD_REQUEST.messageKey) } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    const { status, messageKey } = ERROR_CATALOGUE.SERVER_ERROR;
    return reply.status(status).send({ result: 0, code: 'SERVER_ERROR', message: await message(messageKey) } satisfies ErrorBody);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const { status, messageKey } = ERROR_CATALOGUE.NOT_FOUND;
    return reply.status(status).send({ result: 0, code: 'NOT_FOUND', message: await message(messageKey) } satisfies ErrorBody);
  });
});
