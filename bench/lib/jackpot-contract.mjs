// bench:jackpots as a game provider: the games contract's calls, signed as a provider signs them
// (apps/platform/src/shared/signed-requests.ts: hex HMAC-SHA256 of the time, method, path, provider
// and body), sent over HTTP to a platform's public listener; and a player seated at a title (the
// storefront's launch at the internal listener, then the provider's authenticate). Run with tsx.
import { createHmac, randomUUID } from 'node:crypto';
import { contractPath, contractSigningText } from '@krone/domain';
import { call } from './http.mjs';

/** A provider's signed calls to the public listener on `port`: `send(operation, body)` answers {status, json, ms}. */
export function contractClient(port, providerId, secret) {
  return {
    port,
    send(operation, body) {
      const text = JSON.stringify(body);
      const timestamp = Math.floor(Date.now() / 1000);
      const path = contractPath(providerId, operation);
      const signature = createHmac('sha256', secret)
        .update(contractSigningText({ timestamp, method: 'POST', path, providerId, body: text }))
        .digest('hex');
      return call(port, 'POST', path, body, { 'krone-timestamp': String(timestamp), 'krone-signature': signature });
    },
  };
}

/**
 * A player's game session for money at `gameId`: launched by the storefront's call at the internal
 * listener (`internalPort`, with its key), then authenticated by the provider (`client`).
 */
export async function seatPlayer({ internalPort, storefront, client, providerId, person, gameId }) {
  const launch = await call(internalPort, 'POST', `/Games/launch/${person.token}`, { providerId, gameId, mode: 'real' }, storefront);
  if (launch.status !== 200) throw new Error(`launch at ${gameId}: ${launch.status} ${JSON.stringify(launch.json)}`);
  const auth = await client.send('authenticate', { token: launch.json.data.token });
  if (auth.status !== 200) throw new Error(`authenticate at ${gameId}: ${auth.status} ${JSON.stringify(auth.json)}`);
  return { playerId: person.id, gameId, sessionId: auth.json.data.sessionId };
}

/** A whole round in one call: its stake, its win (0 too) and its end. */
export const betAndWin = (client, seat, stakeOre, winOre) =>
  client.send('betAndWin', {
    sessionId: seat.sessionId,
    roundId: `r-${randomUUID()}`,
    transactionId: `b-${randomUUID()}`,
    amountOre: stakeOre,
    winTransactionId: `w-${randomUUID()}`,
    winAmountOre: winOre,
    endRound: true,
  });

/**
 * A round in three calls (bet, win, endRound), as a provider that settles later sends it: the
 * answers of the three, the bet's first (its stake's jackpot wins are in the bet's answer).
 */
export async function roundInSteps(client, seat, stakeOre, winOre) {
  const roundId = `r-${randomUUID()}`;
  const bet = await client.send('bet', { sessionId: seat.sessionId, roundId, transactionId: `b-${randomUUID()}`, amountOre: stakeOre });
  if (bet.status !== 200) return [bet];
  const win = await client.send('win', { sessionId: seat.sessionId, roundId, transactionId: `w-${randomUUID()}`, amountOre: winOre });
  if (win.status !== 200) return [bet, win];
  const end = await client.send('endRound', { sessionId: seat.sessionId, roundId });
  return [bet, win, end];
}
