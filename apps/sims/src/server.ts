import { z } from 'zod';
import { startSims } from './app.js';
import { LIVE_TABLES, startLiveStudio, type LiveStudio } from './live/studio.js';

const csv = z.string().transform((value) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean),
);

/** Every variable the stand-ins read, with its default; a bad one stops the process at boot. */
const config = z
  .object({
    SIMS_HOST: z.string().default('127.0.0.1'),
    SIMS_PORT: z.coerce.number().int().min(0).max(65535).default(4300),
    SIMS_PUBLIC_URL: z.url().optional(),
    WEB_PUBLIC_URL: z.url().default('http://127.0.0.1:3000'),
    MITID_CLIENT_ID: z.string().min(1).default('krone'),
    MITID_CLIENT_SECRET: z.string().min(8).default('krone-development-mitid-secret'),
    MITID_REDIRECT_URIS: csv.optional(),
    MOBILEPAY_CLIENT_ID: z.string().min(1).default('krone'),
    MOBILEPAY_CLIENT_SECRET: z.string().min(8).default('krone-development-mobilepay-secret'),
    MOBILEPAY_REDIRECT_URIS: csv.optional(),
    /** The staff identity provider (/staff-idp) and the back office it sends staff back to. */
    STAFF_IDP_CLIENT_ID: z.string().min(1).default('krone-backoffice'),
    STAFF_IDP_CLIENT_SECRET: z.string().min(8).default('krone-development-staff-idp-secret'),
    BACKOFFICE_PUBLIC_URL: z.url().default('http://127.0.0.1:3001'),
    ROFUS_API_KEY: z.string().min(8).default('krone-development-rofus-key'),
    MAILBOX_API_KEY: z.string().min(8).default('krone-development-mailbox-key'),
    CARDS_SECRET_KEY: z.string().min(8).default('krone-development-cards-secret-key'),
    CARDS_WEBHOOK_SECRET: z.string().min(8).default('krone-development-cards-webhook-secret'),
    /** Where card payment events go: the platform's webhook. */
    CARDS_WEBHOOK_URL: z.url().optional(),
    /** Seconds a 3-D Secure challenge waits for the cardholder before the payment fails (a bank gives up after 15 minutes). */
    CARDS_CHALLENGE_EXPIRES_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    MOBILEPAY_PAYMENTS_KEY: z.string().min(8).default('krone-development-mobilepay-payments-key'),
    MOBILEPAY_WEBHOOK_SECRET: z.string().min(8).default('krone-development-mobilepay-webhook-secret'),
    /** Where MobilePay payment events go: the platform's webhook. */
    MOBILEPAY_WEBHOOK_URL: z.url().optional(),
    /** Seconds a MobilePay payment waits for the player's answer in the app before it expires. */
    MOBILEPAY_PAYMENT_EXPIRES_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    NEMKONTO_API_KEY: z.string().min(8).default('krone-development-nemkonto-key'),
    NEMKONTO_WEBHOOK_SECRET: z.string().min(8).default('krone-development-nemkonto-webhook-secret'),
    /** Where payout events go: the platform's webhook. */
    NEMKONTO_WEBHOOK_URL: z.url().optional(),
    /** Seconds until an accepted payout is paid (banks take 1–3 working days; a demo does not). */
    NEMKONTO_SETTLE_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 86_400)
      .default(30),
    /**
     * Lysmester Live, the live studio stand-in (src/live/): on its own port, so its game client is
     * served from another origin than the casino's, as a real studio's is. Started when the
     * operator's wallet URL is set (scripts/dev-env.mjs sets it to the platform's public listener).
     */
    LYSMESTER_PORT: z.coerce.number().int().min(0).max(65535).default(4350),
    LYSMESTER_PUBLIC_URL: z.url().optional(),
    LYSMESTER_OPERATOR_ID: z.string().min(1).max(40).default('krone'),
    /** The operator's key for the lobby and launch calls (the platform's LYSMESTER_LIVE_API_KEY). */
    LYSMESTER_OPERATOR_KEY: z.string().min(8).default('krone-development-lysmester-key'),
    /** Where the studio calls the operator's wallet, and the secret it signs with (the platform's GAME_PROVIDER_LYSMESTER_LIVE_SECRET). */
    LYSMESTER_WALLET_URL: z.url().optional(),
    LYSMESTER_WALLET_SECRET: z.string().min(16).default('krone-development-lysmester-wallet-secret'),
    /** The operator's sites allowed to embed the game client (frame-ancestors); the casino's by default. */
    LYSMESTER_EMBED_ORIGINS: csv.optional(),
    /** Guards the floor's controls (a dealer fault voids the round): tests and demos. */
    LYSMESTER_ADMIN_KEY: z.string().min(8).default('krone-development-lysmester-admin'),
    /** The floor's pace: each round phase's length times this (the browser tests run at 0.5: 7.5 s of betting). */
    LYSMESTER_PACE: z.coerce.number().min(0.2).max(4).default(1),
    /**
     * Seconds between the tries of a credit or cancel the operator's wallet did not answer; after the
     * last, the floor's next tick starts over. A real studio's 1, 5, 30 and 120 s by default; a bench
     * that kills the operator's processes under the load (bench:chaos) waits less.
     */
    LYSMESTER_RETRY_SECONDS: csv
      .pipe(
        z
          .array(z.string().transform(Number).pipe(z.number().min(0).max(600)))
          .min(1)
          .max(10),
      )
      .default([1, 5, 30, 120]),
  })
  .safeParse(process.env);

if (!config.success) {
  console.error(
    `Invalid sims configuration:\n${config.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n')}`,
  );
  process.exit(1);
}
const env = config.data;
const sims = await startSims({
  host: env.SIMS_HOST,
  port: env.SIMS_PORT,
  publicUrl: env.SIMS_PUBLIC_URL,
  webPublicUrl: env.WEB_PUBLIC_URL,
  mitid: { clientId: env.MITID_CLIENT_ID, clientSecret: env.MITID_CLIENT_SECRET, redirectUris: env.MITID_REDIRECT_URIS },
  mobilePay: { clientId: env.MOBILEPAY_CLIENT_ID, clientSecret: env.MOBILEPAY_CLIENT_SECRET, redirectUris: env.MOBILEPAY_REDIRECT_URIS },
  staffIdp: { clientId: env.STAFF_IDP_CLIENT_ID, clientSecret: env.STAFF_IDP_CLIENT_SECRET },
  backofficePublicUrl: env.BACKOFFICE_PUBLIC_URL,
  rofusApiKey: env.ROFUS_API_KEY,
  mailboxApiKey: env.MAILBOX_API_KEY,
  cards: {
    secretKey: env.CARDS_SECRET_KEY,
    webhookSecret: env.CARDS_WEBHOOK_SECRET,
    webhookUrl: env.CARDS_WEBHOOK_URL,
    challengeExpiresAfterMs: env.CARDS_CHALLENGE_EXPIRES_SECONDS * 1000,
  },
  mobilePayPayments: {
    apiKey: env.MOBILEPAY_PAYMENTS_KEY,
    webhookSecret: env.MOBILEPAY_WEBHOOK_SECRET,
    webhookUrl: env.MOBILEPAY_WEBHOOK_URL,
    expiresAfterMs: env.MOBILEPAY_PAYMENT_EXPIRES_SECONDS * 1000,
  },
  nemkonto: {
    apiKey: env.NEMKONTO_API_KEY,
    webhookSecret: env.NEMKONTO_WEBHOOK_SECRET,
    webhookUrl: env.NEMKONTO_WEBHOOK_URL,
    settleAfterMs: env.NEMKONTO_SETTLE_SECONDS * 1000,
  },
});
let live: LiveStudio | null = null;
if (env.LYSMESTER_WALLET_URL) {
  live = await startLiveStudio({
    host: env.SIMS_HOST,
    port: env.LYSMESTER_PORT,
    publicUrl: env.LYSMESTER_PUBLIC_URL,
    adminKey: env.LYSMESTER_ADMIN_KEY,
    retryDelaysMs: env.LYSMESTER_RETRY_SECONDS.map((seconds) => Math.round(seconds * 1000)),
    tables: LIVE_TABLES.map((table) => ({
      ...table,
      bettingMs: Math.round(table.bettingMs * env.LYSMESTER_PACE),
      playMs: Math.round(table.playMs * env.LYSMESTER_PACE),
      resultMs: Math.round(table.resultMs * env.LYSMESTER_PACE),
    })),
    operators: [
      {
        operatorId: env.LYSMESTER_OPERATOR_ID,
        apiKey: env.LYSMESTER_OPERATOR_KEY,
        walletUrl: env.LYSMESTER_WALLET_URL,
        walletSecret: env.LYSMESTER_WALLET_SECRET,
        embedOrigins: env.LYSMESTER_EMBED_ORIGINS ?? [new URL(env.WEB_PUBLIC_URL).origin],
      },
    ],
  });
  console.log(`live studio Lysmester Live ready on ${live.url} (lobby /api/v1/lobby, launch /api/v1/launch, game client /client)`);
}
console.log(
  `sims ready on ${sims.url} (MitID /mitid, MobilePay /mobilepay, staff IdP /staff-idp, ROFUS /rofus, cards /cards, MobilePay payments /mobilepay-payments, NemKonto /nemkonto, e-mail /mailbox)`,
);
const stop = () => void Promise.all([sims.close(), live?.close()]).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
