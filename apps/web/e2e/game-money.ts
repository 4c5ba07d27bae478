import { createHmac } from 'node:crypto';
import { contractPath, contractSigningText } from '@krone/domain';
import { TEST_CARDS } from '@krone/sims/cards';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';
import { platformPublicUrl, platformUrl, storefrontHeaders } from './platform';

const simsUrl = `http://127.0.0.1:${process.env.E2E_SIMS_PORT ?? 4310}`;
const webUrl = `http://127.0.0.1:${process.env.E2E_WEB_PORT ?? 3100}`;
/** Our studio's secret for the games contract (the platform's development default). */
const studioSecret = process.env.GAME_PROVIDER_KRONE_STUDIO_SECRET ?? 'krone-development-studio-secret';

/** A card deposit through the platform's own route, with a token from the card stand-in. */
export async function depositByCard(request: APIRequestContext, token: string, amountOre: number) {
  const tokenised = await request.post(`${simsUrl}/cards/v1/tokens`, {
    headers: { origin: webUrl },
    data: { number: TEST_CARDS.success, holder: 'Test Runde', expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 1, cvv: '123' },
  });
  expect(tokenised.ok()).toBe(true);
  const deposit = await request.post(`${platformUrl}/Payments/deposits/card/${token}`, {
    headers: storefrontHeaders,
    data: { token: ((await tokenised.json()) as { token: string }).token, amountOre, returnUrl: `${webUrl}/min-konto/overfoer` },
  });
  expect(await deposit.json()).toMatchObject({ result: 1, data: { status: 'succeeded' } });
}

/** A games-contract call as a provider makes it: signed with its secret over the time, method, path, provider and body. */
export async function contract(request: APIRequestContext, operation: string, payload: Record<string, unknown>) {
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const path = contractPath('krone-studio', operation);
  const signed = contractSigningText({ timestamp, method: 'POST', path, providerId: 'krone-studio', body });
  const response = await request.post(`${platformPublicUrl}${path}`, {
    headers: {
      'content-type': 'application/json',
      'krone-timestamp': String(timestamp),
      'krone-signature': createHmac('sha256', studioSecret).update(signed).digest('hex'),
    },
    data: body,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

/** A game session for money for the logged-in player (token: their storefront session), authenticated as the studio would. */
export async function gameSession(request: APIRequestContext, token: string, gameId: string) {
  const launched = await request.post(`${platformUrl}/Games/launch/${token}`, {
    headers: storefrontHeaders,
    data: { providerId: 'krone-studio', gameId, mode: 'real' },
  });
  expect(launched.ok(), await launched.text()).toBe(true);
  const launchToken = ((await launched.json()) as { data: { token: string } }).data.token;
  return (await contract(request, 'authenticate', { token: launchToken })).sessionId as string;
}

/** One round: a bet, a win (when any) and its end, as the studio plays it. */
export async function playRound(request: APIRequestContext, sessionId: string, roundId: string, stakeOre: number, winOre: number) {
  await contract(request, 'bet', { sessionId, roundId, transactionId: `bet-${roundId}`, amountOre: stakeOre });
  if (winOre > 0) await contract(request, 'win', { sessionId, roundId, transactionId: `win-${roundId}`, amountOre: winOre });
  return contract(request, 'endRound', { sessionId, roundId });
}
