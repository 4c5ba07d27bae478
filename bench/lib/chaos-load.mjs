// bench:chaos's players: each one does everything a player and a game provider do at once, through
// the load balancer, and the bench keeps a record of every answer it got, so that afterwards the
// ledger can be held to it (chaos-checks.mjs): what was acknowledged is there exactly once, what
// was refused moved nothing. An operation with an idempotency key is sent again after an unclear
// answer (no answer, 502, 5xx) until it gets a clear one; one without (the start of a deposit) is
// never sent twice: its outcome is then "unknown", and the checks allow it either way but once.
import { createHmac, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { call } from './http.mjs';

const PROVIDER = 'krone-studio';
const SUCCESS_CARD = '4571000000000001';
const CHALLENGE_CARD = '4000000000003220';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pickInt = (random, min, max) => min + Math.floor(random() * (max - min + 1));

/** What the bench saw, for the checks and the figures. */
export function createRecord() {
  return {
    /** transactionId → { kind, playerId, outcome: acked|refused|unknown, code, ledgerTransferId, sentAfterPause } */
    games: new Map(),
    /** one per deposit started: { playerId, method, outcome, code, paymentId, status, decision } */
    deposits: [],
    /** requestId → { playerId, amountOre, outcome, code, cancel: { outcome, code } | null } */
    withdrawals: new Map(),
    /** { playerId, period, amountOre, outcome, code } */
    limitChanges: [],
    /** playerId → the time the pause was acknowledged */
    pausedAt: new Map(),
    /** The live table (chaos-live.mjs): every bet's answer, the rounds as the studio showed them, the dealer's voids. */
    live: { bets: [], rounds: new Map(), voids: [] },
    /** by operation: attempted (logical), acked, refused, unknown, retried (extra sends) */
    counts: new Map(),
    refusals: new Map(),
    latencies: [],
    calls: 0,
  };
}

const UNCLEAR = new Set([0, 500, 502, 503, 504]);

/**
 * The players' load. `port` is the balancer's; `storefrontKey` the platform's credential for the
 * storefront (header Krone-Storefront-Key); `secret` the provider's games-contract secret.
 */
export function createLoad({
  port,
  simsPort,
  storefrontKey,
  secret,
  gameId,
  stepsOre,
  record,
  random,
  shouldStop,
  measuring,
  studioRound = null,
  liveBet = null,
}) {
  const count = (operation, field, n = 1) => {
    const counts = record.counts.get(operation) ?? { attempted: 0, acked: 0, refused: 0, unknown: 0, retried: 0 };
    counts[field] += n;
    record.counts.set(operation, counts);
  };
  const storefront = { 'krone-storefront-key': storefrontKey };

  /** One HTTP call through the balancer, timed while the faults run. */
  async function once(method, path, body, headers) {
    record.calls++;
    const answer = await call(port, method, path, body, headers);
    if (measuring()) record.latencies.push(answer.ms);
    return answer;
  }

  /**
   * An operation: sent until a clear answer when `idempotent`, once otherwise. Returns
   * { outcome: 'acked' | 'refused' | 'unknown', answer }.
   */
  async function operation(name, method, path, body, { headers = storefront, idempotent = true, sign = false } = {}) {
    count(name, 'attempted');
    for (let attempt = 0; ; attempt++) {
      const answer = await once(method, path, body, sign ? signed(method, path, body) : headers);
      if (answer.status >= 200 && answer.status < 300 && answer.json?.result === 1) {
        count(name, 'acked');
        return { outcome: 'acked', answer };
      }
      if (!UNCLEAR.has(answer.status)) {
        count(name, 'refused');
        const code = answer.json?.code ?? `HTTP_${answer.status}`;
        const key = `${name} ${code}`;
        record.refusals.set(key, (record.refusals.get(key) ?? 0) + 1);
        return { outcome: 'refused', answer, code };
      }
      if (!idempotent || attempt >= 12) {
        count(name, 'unknown');
        return { outcome: 'unknown', answer };
      }
      count(name, 'retried');
      await sleep(Math.min(2000, 50 * 2 ** attempt));
    }
  }

  /** The contract's signature: the time, method, path, provider and body, one a line (contractSigningText of @krone/domain). */
  function signed(method, path, body) {
    const timestamp = Math.floor(Date.now() / 1000);
    const text = [timestamp, method, path, PROVIDER, JSON.stringify(body)].join('\n');
    return {
      'krone-timestamp': String(timestamp),
      'krone-signature': createHmac('sha256', secret).update(text).digest('hex'),
    };
  }

  const contract = (name, operationName, body) =>
    operation(name, 'POST', `/Games/providers/${PROVIDER}/${operationName}`, body, { sign: true });

  const gameRecord = (player, kind, id, result, extra = {}) => {
    record.games.set(id, {
      kind,
      playerId: player.id,
      outcome: result.outcome,
      code: result.code ?? null,
      ledgerTransferId: result.answer?.json?.data?.ledgerTransferId ?? null,
      sentAfterPause: record.pausedAt.has(player.id),
      ...extra,
    });
  };

  /** A launch token for the player's game, from the storefront's door (null when refused). */
  async function launch(player) {
    const launched = await operation('launch', 'POST', `/Games/launch/${player.token}`, { providerId: PROVIDER, gameId, mode: 'real' });
    return launched.outcome === 'acked' ? launched.answer.json.data.token : null;
  }

  /** A game session: launched by the storefront's door, authenticated by the provider's. */
  async function ensureGameSession(player) {
    if (player.gameSessionId) return true;
    const token = await launch(player);
    if (!token) return false;
    const auth = await contract('authenticate', 'authenticate', { token });
    if (auth.outcome !== 'acked') return false;
    player.gameSessionId = auth.answer.json.data.sessionId;
    return true;
  }

  const stake = () => stepsOre[Math.min(stepsOre.length - 1, Math.floor(random() * Math.min(4, stepsOre.length)))];
  const winFor = (stakeOre) => {
    const r = random();
    if (r < 0.55) return 0;
    if (r < 0.8) return Math.floor(stakeOre / 2);
    if (r < 0.95) return stakeOre * 2;
    return stakeOre * pickInt(random, 5, 50);
  };

  /** After a refusal that ends the session (an ended or expired session), launch a new one next time. */
  const forgetSessionOn = (player, result) => {
    if (result.code === 'GAME_SESSION_ENDED' || result.code === 'GAME_SESSION_NOT_FOUND') player.gameSessionId = null;
  };

  async function roundInOne(player) {
    if (!(await ensureGameSession(player))) return;
    const amountOre = stake();
    const body = {
      sessionId: player.gameSessionId,
      roundId: `r-${randomUUID()}`,
      transactionId: `b-${randomUUID()}`,
      amountOre,
      winTransactionId: `w-${randomUUID()}`,
      winAmountOre: winFor(amountOre),
      endRound: true,
    };
    // Now and then the provider sends the same call twice at once (a retry racing the first).
    const twice = random() < 0.1;
    const [result, duplicate] = await Promise.all([
      contract('betAndWin', 'betAndWin', body),
      twice ? contract('betAndWin (duplicate)', 'betAndWin', body) : null,
    ]);
    const settled = duplicate && duplicate.outcome === 'acked' && result.outcome !== 'acked' ? duplicate : result;
    gameRecord(player, 'bet', body.transactionId, settled, {
      winTransactionId: body.winTransactionId,
      winLedgerTransferId: settled.answer?.json?.data?.winLedgerTransferId ?? null,
      duplicateLedgerTransferId: duplicate?.outcome === 'acked' ? duplicate.answer.json.data.ledgerTransferId : undefined,
    });
    forgetSessionOn(player, settled);
  }

  async function roundInParts(player, { rollback }) {
    if (!(await ensureGameSession(player))) return;
    const sessionId = player.gameSessionId;
    const roundId = `r-${randomUUID()}`;
    const amountOre = stake();
    const betId = `b-${randomUUID()}`;
    const bet = await contract('bet', 'bet', { sessionId, roundId, transactionId: betId, amountOre });
    gameRecord(player, 'bet', betId, bet);
    forgetSessionOn(player, bet);
    if (random() < 0.05) await contract('bet (repeated)', 'bet', { sessionId, roundId, transactionId: betId, amountOre });
    if (rollback || bet.outcome === 'unknown') {
      // The provider undoes a bet it is unsure of, or one its game could not finish.
      const rollbackId = `x-${randomUUID()}`;
      const undo = await contract('rollback', 'rollback', { sessionId, roundId, transactionId: rollbackId, referenceTransactionId: betId });
      gameRecord(player, 'rollback', rollbackId, undo, { referenceTransactionId: betId });
      return;
    }
    // A win for a refused bet is sent now and then too: it must move nothing.
    if (bet.outcome !== 'acked' && random() < 0.8) return;
    const winId = `w-${randomUUID()}`;
    const winAmountOre = winFor(amountOre);
    const win = await contract('win', 'win', { sessionId, roundId, transactionId: winId, amountOre: winAmountOre });
    gameRecord(player, 'win', winId, win, { amountOre: winAmountOre, betOutcome: bet.outcome });
    if (bet.outcome === 'acked') await contract('endRound', 'endRound', { sessionId, roundId });
  }

  async function cardDeposit(player) {
    const challenge = random() < 0.25;
    const token = await call(simsPort, 'POST', '/cards/v1/tokens', {
      number: challenge ? CHALLENGE_CARD : SUCCESS_CARD,
      holder: 'Bench Spiller',
      expiryMonth: 12,
      expiryYear: 2035,
      cvv: '123',
    });
    // The provider's tokenisation is the player's browser talking to the provider, not us: a failure there is no deposit.
    if (token.status !== 201) return void count('card tokenisation failed', 'attempted');
    const bonusCode = random() < 0.1 ? (random() < 0.5 ? 'KRONE50' : 'VELKOMST100') : undefined;
    const amountOre = pickInt(random, 100, 1500) * 100;
    const result = await operation(
      'deposit (card)',
      'POST',
      `/Payments/deposits/card/${player.token}`,
      { token: token.json.token, amountOre, returnUrl: 'http://127.0.0.1:3000/indbetal/kort', ...(bonusCode ? { bonusCode } : {}) },
      { idempotent: false },
    );
    await afterDeposit(player, 'card', amountOre, result);
  }

  async function mobilePayDeposit(player) {
    const amountOre = pickInt(random, 100, 1000) * 100;
    const result = await operation(
      'deposit (MobilePay)',
      'POST',
      `/Payments/deposits/mobilepay/${player.token}`,
      { amountOre, returnUrl: 'http://127.0.0.1:3000/MobilePay' },
      { idempotent: false },
    );
    await afterDeposit(player, 'mobilepay', amountOre, result);
  }

  /** The player's answer at the provider (3-D Secure or the MobilePay app), then the storefront's look at the payment. */
  async function afterDeposit(player, method, amountOre, result) {
    const data = result.answer?.json?.data;
    const deposit = {
      playerId: player.id,
      method,
      amountOre,
      outcome: result.outcome,
      code: result.code ?? null,
      paymentId: data?.paymentId ?? data?.id ?? null,
      status: data?.status ?? null,
      decision: null,
    };
    record.deposits.push(deposit);
    if (result.outcome !== 'acked' || data?.status !== 'requires_action' || !data.actionUrl) return;
    deposit.decision = random() < 0.8 ? 'approve' : 'reject';
    await fetch(data.actionUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `answer=${deposit.decision}`,
      redirect: 'manual',
    }).catch(() => undefined);
    // Half the time the player's browser comes back and the storefront asks; the webhook settles the rest.
    if (random() < 0.5 && deposit.paymentId)
      await operation('deposit status', 'GET', `/Payments/deposits/${player.token}/${deposit.paymentId}`, undefined);
  }

  async function withdraw(player) {
    const requestId = randomUUID();
    const amountOre = pickInt(random, 100, 200) * 100;
    const result = await operation('withdrawal', 'POST', `/Payments/withdrawals/${player.token}`, { amountOre, requestId });
    const entry = { playerId: player.id, amountOre, outcome: result.outcome, code: result.code ?? null, cancel: null };
    record.withdrawals.set(requestId, entry);
    if (result.outcome === 'acked' && random() < 0.35) {
      await sleep(pickInt(random, 0, 3000));
      const cancel = await operation('withdrawal cancel', 'POST', `/Payments/withdrawals/${player.token}/${requestId}/cancel`, {});
      entry.cancel = { outcome: cancel.outcome, code: cancel.code ?? null };
    }
  }

  async function changeLimit(player) {
    const period = ['day', 'week', 'month'][pickInt(random, 0, 2)];
    const amountOre = pickInt(random, 150, 400) * 100_00;
    const result = await operation('deposit limit', 'PUT', `/Limits/${player.token}/deposit/${period}`, { amountOre });
    record.limitChanges.push({ playerId: player.id, period, amountOre, outcome: result.outcome, code: result.code ?? null });
  }

  async function pause(player) {
    const result = await operation('pause', 'POST', `/Limits/${player.token}/pause`, { duration: '24h' });
    if (result.outcome === 'acked') record.pausedAt.set(player.id, Date.now());
    player.pauseTried = true;
  }

  const balance = (player) => operation('balance', 'GET', `/GATMaven/users/${player.token}/account-summary`, undefined);

  /** One player's life until the bench says stop. */
  async function play(player) {
    while (!shouldStop()) {
      const r = random();
      // Players of the studio play its rounds where the others play as the provider.
      if (r < 0.63 && player.viaStudio && studioRound) await studioRound(player);
      else if (r < 0.42) await roundInOne(player);
      else if (r < 0.57) await roundInParts(player, { rollback: false });
      else if (r < 0.63) await roundInParts(player, { rollback: true });
      else if (r < 0.73) await cardDeposit(player);
      else if (r < 0.78) await mobilePayDeposit(player);
      else if (r < 0.83) await withdraw(player);
      else if (r < 0.87) await changeLimit(player);
      else if (r < 0.89 && player.mayPause && !player.pauseTried) await pause(player);
      // One operation in twenty at the live table (a look, and a bet while betting is open).
      else if (r >= 0.95 && liveBet) await liveBet(player);
      else await balance(player);
    }
  }

  return { play, operation, count, launch };
}

/** Operations counted so far (logical ones, each with its retries inside). */
export const operationsSoFar = (record) => [...record.counts.values()].reduce((sum, c) => sum + c.attempted, 0);

export { performance };
