import { MOBILE_COUNTRY_CODE_PATTERN } from '@krone/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.js';
import { errorBody, ok, sessionParams } from '../shared/http.js';
import { fail } from '../shared/errors.js';
import { CONTACT_SUBJECTS, type SupportService } from './service.js';

const tags = ['support'];

const challengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});

/**
 * The contact form's input. Field errors carry the translation key of their Danish message
 * (`fields.email = 'validation.email_invalid'`), a stable code the storefront shows next to the field.
 */
export const contactBody = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(100, { error: 'validation.too_long' }),
  email: z
    .email({ error: (issue) => (issue.input == null || issue.input === '' ? 'validation.email_required' : 'validation.email_invalid') })
    .max(254, { error: 'validation.too_long' }),
  phone: z
    .string()
    .trim()
    .regex(new RegExp(`^(${MOBILE_COUNTRY_CODE_PATTERN})?\\s?\\d{6,8}$`), { error: 'validation.phone_digits' })
    .optional()
    .or(z.literal('')),
  subject: z.enum(CONTACT_SUBJECTS, { error: 'validation.subject_required' }),
  message: z
    .string({ error: 'validation.message_required' })
    .trim()
    .min(1, { error: 'validation.message_required', abort: true })
    .min(10, { error: 'validation.too_short' })
    .max(4000, { error: 'contact_us.message_too_long' }),
  captcha: z.string().max(8000).optional(),
});

export const supportRoutes: FastifyPluginAsyncZod<{ support: SupportService; config: Config }> = async (app, { support, config }) => {
  app.get(
    '/Support/contact/challenge',
    {
      schema: {
        tags,
        operationId: 'getContactChallenge',
        summary: 'A fresh proof-of-work challenge for the contact form (ALTCHA)',
        response: { 200: challengeSchema },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return support.createCaptchaChallenge();
    },
  );

  const contactLimit = {
    rateLimit: {
      max: config.CONTACT_RATE_LIMIT_PER_HOUR,
      timeWindow: '1 hour',
      // Keyed by request.ip, which trustProxy takes from the storefront's X-Forwarded-For.
      errorResponseBuilder: () => fail('RATE_LIMITED', undefined, { messageKey: 'contact_us.rate_limited' }),
    },
  };
  const contactResponses = { 200: ok(z.object({ id: z.uuid() })), 400: errorBody, 429: errorBody };

  // Who writes is the route's to say, never the body's: a guest here, the session's player below.
  // A body naming a kind or a player is not read (the schema drops unknown keys).
  app.post(
    '/Support/contact',
    {
      schema: {
        tags,
        operationId: 'sendContactMessage',
        summary: 'Store a contact message from a guest; the captcha must be solved',
        body: contactBody,
        response: contactResponses,
      },
      config: contactLimit,
    },
    async (request) => ({ result: 1 as const, data: await support.submitContact(request.body, request.ip, null) }),
  );

  app.post(
    '/Support/contact/:sessionId',
    {
      schema: {
        tags,
        operationId: 'sendPlayerContactMessage',
        summary:
          'Store a contact message from the session’s player (the player is the session’s, never the body’s); the captcha must be solved',
        params: sessionParams,
        body: contactBody,
        response: { ...contactResponses, 401: errorBody },
      },
      config: contactLimit,
    },
    async (request) => ({ result: 1 as const, data: await support.submitContact(request.body, request.ip, request.player.id) }),
  );
};
