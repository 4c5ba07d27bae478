// bench:chaos's players at the live table: Krone Roulette Live of the live studio stand-in (Lysmester
// Live, apps/sims/src/live/), run by the sims process on its own port. A player is seated by the
// storefront's call (POST /Games/live/launch through the balancer), reads the table in the studio's
// game client (GET /client/api/state) and, while betting is open, bets there (POST /client/api/bets);
// the studio takes each bet by a signed debit at the platform's public door, through the balancer,
// and settles every seat once the result is out with one credit, or gives a voided round's debits
// back, trying again while a platform process is down or the database is cut. The bench records
// every answer, the rounds as the studio's own lobby stream reveals them, and the dealer's faults it
// causes (a void through the studio's admin route); the verdict live_rounds (chaos-checks.mjs)
// holds the ledger to them afterwards. The wallet calls are watched at the balancer, so the studio's
// resends are counted and a kill can be timed to a credit in flight.
import http from 'node:http';
import { LIVE_PROVIDER, liveSeats } from './chaos-checks.mjs';
import { call } from './http.mjs';
import { withClient } from './postgres.mjs';

export const LIVE_TABLE = 'krone-roulette-live';
/** The wallet's paths at the platform's public door (games/providers/lysmester/routes.ts). */
export const LIVE_WALLET_PATH = '/Games/live/lysmester/';

/** Waits (up to a minute) until the platform's live lobby lists the table: the catalogue's sync of the studio's lobby at start-up. */
export async function liveTableListed(balancerPort, storefrontKey) {
  for (let i = 0; ; i++) {
    const lobby = await call(balancerPort, 'GET', '/Games/live/lobby', undefined, { 'krone-storefront-key': storefrontKey });
    if (lobby.json?.data?.tables?.some((table) => table.tableId === LIVE_TABLE && table.open)) return;
    if (i >= 120) throw new Error(`the platform's live lobby never listed ${LIVE_TABLE} (last answer ${lobby.status})`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const pickInt = (random, min, max) => min + Math.floor(random() * (max - min + 1));
const UNCLEAR = (status) => status === 0 || status >= 500;
const FINAL = new Set(['result', 'void']);

/**
 * The live table's operations for the load. `operation` and `count` are chaos-load.mjs's (the
 * launch goes through the balancer as every storefront call does); `operatorHeaders` the platform's
 * credentials at the studio (its lobby stream), `adminKey` the studio floor's (a void).
 */
export function createLiveTable({ livePort, operation, count, record, random, measuring, operatorHeaders, adminKey, voidEvery = 5 }) {
  record.live ??= { bets: [], rounds: new Map(), voids: [] };
  const live = record.live;
  const refusal = (key) => record.refusals.set(key, (record.refusals.get(key) ?? 0) + 1);
  /** Rounds a player has bet in, in the order first bet in: every `voidEvery`-th from the second on is voided by the dealer. */
  const roundsBetIn = [];
  const voiding = new Set();
  const wallet = { sent: new Map(), cut: new Map(), failed: new Map(), passedOn: 0, sends: new Map(), killArmed: null };

  /** A round as the studio shows it (the game client's state, the lobby, a void's answer): its result and void kept once seen. */
  function remember(round) {
    if (!round?.roundId) return;
    const known = live.rounds.get(round.roundId) ?? {
      roundId: round.roundId,
      commitment: round.commitment ?? null,
      bettingClosesAt: round.bettingClosesAt,
      resultAt: round.resultAt,
      state: round.state,
      result: null,
      nonce: null,
      voidReason: null,
    };
    if (!FINAL.has(known.state)) known.state = round.state;
    known.commitment ??= round.commitment ?? null;
    if (round.result && !known.result) {
      known.result = round.result;
      known.nonce = round.nonce ?? null;
    }
    if (round.voidReason) {
      known.state = 'void';
      known.voidReason = round.voidReason;
    }
    live.rounds.set(round.roundId, known);
  }

  /** The player's seat at the table: a launch by the storefront's door, kept until the studio or the platform refuses it. */
  async function ensureSeat(player) {
    if (player.live) return true;
    const launched = await operation('live launch', 'POST', `/Games/live/launch/${player.token}`, { gameId: LIVE_TABLE });
    if (launched.outcome !== 'acked') return false;
    const data = launched.answer.json.data;
    player.live = { launchToken: new URL(data.gameUrl).searchParams.get('launch'), gameSessionId: data.gameSessionId };
    return true;
  }

  /** One to three bets of 1–20 kr.: red, black or a straight up. */
  const betsOf = () =>
    Array.from({ length: pickInt(random, 1, 3) }, () => {
      const stakeOre = pickInt(random, 1, 20) * 100;
      const r = random();
      if (r < 0.4) return { kind: 'red-black', selector: 'red', stakeOre };
      if (r < 0.8) return { kind: 'red-black', selector: 'black', stakeOre };
      return { kind: 'straight', numbers: [pickInt(random, 0, 36)], stakeOre };
    });

  async function placeBets(player, round) {
    const seat = player.live;
    const bets = betsOf();
    count('live bet', 'attempted');
    record.calls++;
    const answer = await call(livePort, 'POST', '/client/api/bets', { launch: seat.launchToken, roundId: round.roundId, bets });
    if (measuring()) record.latencies.push(answer.ms);
    const entry = {
      playerId: player.id,
      roundId: round.roundId,
      gameSessionId: seat.gameSessionId,
      bets,
      amountOre: bets.reduce((sum, bet) => sum + bet.stakeOre, 0),
      outcome: 'acked',
      code: null,
      transactionId: null,
      sentAfterPause: record.pausedAt.has(player.id),
    };
    if (answer.status === 200 && answer.json?.status === 'OK') entry.transactionId = answer.json.transactionId;
    else if (UNCLEAR(answer.status)) entry.outcome = 'unknown';
    else {
      entry.outcome = 'refused';
      entry.code = answer.json?.code ?? answer.json?.status ?? `HTTP_${answer.status}`;
      // The platform's own reason rides in the studio's message (BET_NOT_ALLOWED: BONUS_MAX_BET, …).
      const reason = /^[A-Z_]+$/.test(answer.json?.message ?? '') && answer.json.message !== entry.code ? `/${answer.json.message}` : '';
      refusal(`live bet ${entry.code}${reason}`);
      // A launch the studio or the platform no longer knows: the next live bet launches again.
      if (entry.code === 'SESSION_INVALID') player.live = null;
    }
    count('live bet', entry.outcome);
    live.bets.push(entry);
    return entry;
  }

  /** The dealer's fault: the table's current round voided (every debit of it given back), at a moment before its result. */
  async function voidRound(roundId, resultAt) {
    const waitMs = Math.max(0, random() * (Date.parse(resultAt) - Date.now() - 300));
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    count('live void', 'attempted');
    const answer = await call(livePort, 'POST', `/admin/v1/tables/${LIVE_TABLE}/void`, {}, { 'x-lysmester-admin': adminKey });
    const outcome = answer.status === 200 ? 'acked' : UNCLEAR(answer.status) ? 'unknown' : 'refused';
    count('live void', outcome);
    remember(answer.json?.round);
    live.voids.push({ aimedAt: roundId, roundId: answer.json?.round?.roundId ?? null, outcome, code: answer.json?.status ?? null });
  }

  /** The load's operation: a look at the table, a bet when betting is open (now and then a second in the same round). */
  async function liveBet(player) {
    if (!(await ensureSeat(player))) return;
    count('live look', 'attempted');
    record.calls++;
    const look = await call(livePort, 'GET', `/client/api/state?launch=${encodeURIComponent(player.live.launchToken)}`);
    if (measuring()) record.latencies.push(look.ms);
    if (look.status !== 200) {
      count('live look', UNCLEAR(look.status) ? 'unknown' : 'refused');
      if (look.status === 401) player.live = null;
      return;
    }
    count('live look', 'acked');
    const round = look.json.round;
    remember(round);
    if (round.state !== 'betting' || Date.parse(round.bettingClosesAt) - Date.now() < 250) return;
    const placed = await placeBets(player, round);
    if (placed.outcome === 'acked' && player.live && random() < 0.2) await placeBets(player, round);
    if (placed.outcome !== 'acked' || roundsBetIn.includes(round.roundId)) return;
    roundsBetIn.push(round.roundId);
    if (roundsBetIn.length % voidEvery === 2 % voidEvery) {
      const voided = voidRound(round.roundId, round.resultAt).finally(() => voiding.delete(voided));
      voiding.add(voided);
    }
  }

  /** The studio's lobby stream (its operator API), from which each round's revealed result or void is kept. */
  function watchLobby() {
    let stopped = false;
    let request = null;
    let retry = null;
    const again = () => {
      if (stopped || retry) return;
      retry = setTimeout(() => {
        retry = null;
        connect();
      }, 200);
    };
    const connect = () => {
      request = http.get(
        { host: '127.0.0.1', port: livePort, path: '/api/v1/lobby/stream', headers: operatorHeaders, agent: false },
        (response) => {
          if (response.statusCode !== 200) {
            response.resume();
            return again();
          }
          let buffer = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            buffer += chunk;
            for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
              const event = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const data = event
                .split('\n')
                .filter((line) => line.startsWith('data: '))
                .map((line) => line.slice(6))
                .join('\n');
              if (!data) continue;
              try {
                remember(JSON.parse(data).tables.find((table) => table.tableId === LIVE_TABLE)?.round);
              } catch {
                // a partial or foreign event: the next one tells the table again
              }
            }
          });
          response.on('end', again);
          response.on('error', again);
        },
      );
      request.on('error', again);
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      request?.destroy();
    };
  }

  /**
   * The balancer's report of a wallet call (createBalancer's `observe`): each try that reached a
   * process counted by kind and by the studio's transaction id (a call passed on from a process
   * down reached none: the balancer's own retry, not the studio's), and a kill armed for a credit
   * or cancel fired.
   */
  function observe(event) {
    const kind = event.url.slice(LIVE_WALLET_PATH.length).split('?')[0];
    let transactionId = null;
    try {
      transactionId = JSON.parse(event.body.toString('utf8')).transactionId ?? null;
    } catch {
      // not JSON: the platform refuses it
    }
    const tried = (n) => {
      wallet.sent.set(kind, (wallet.sent.get(kind) ?? 0) + n);
      if (transactionId) wallet.sends.set(transactionId, { kind, n: (wallet.sends.get(transactionId)?.n ?? 0) + n });
    };
    if (event.type === 'sent') {
      tried(1);
      if (wallet.killArmed && (kind === 'credit' || kind === 'cancel')) wallet.killArmed(event.backend);
    } else if (event.type === 'cut') wallet.cut.set(kind, (wallet.cut.get(kind) ?? 0) + 1);
    else if (event.type === 'answered' && event.status >= 500) wallet.failed.set(kind, (wallet.failed.get(kind) ?? 0) + 1);
    else if (event.type === 'passed-on') {
      wallet.passedOn++;
      tried(-1);
    }
  }

  /**
   * Resolves with the process the studio's next credit or cancel was just sent to (a round settling),
   * or null after `timeoutMs` or once `stop()` says so.
   */
  function nextSettlingCall(timeoutMs, stop = () => false) {
    return new Promise((resolve) => {
      const done = (backend) => {
        clearTimeout(timer);
        clearInterval(poll);
        wallet.killArmed = null;
        resolve(backend);
      };
      const timer = setTimeout(() => done(null), timeoutMs);
      const poll = setInterval(() => stop() && done(null), 100);
      wallet.killArmed = done;
    });
  }

  /**
   * What is still under way (-1 when the database cannot be read): a round bet in whose result or
   * void the lobby has not shown yet, a void still to come, a seat of a shown result whose round the
   * platform has not ended, and any round of the provider with a stake and no end.
   */
  async function underWay(platformDatabaseUrl) {
    const seats = liveSeats(live);
    const unseen = [...new Set([...seats.values()].map((seat) => seat.roundId))].filter(
      (roundId) => !FINAL.has(live.rounds.get(roundId)?.state),
    ).length;
    const rows = await withClient(platformDatabaseUrl, (client) =>
      client.query(`select round_id, staked_ore::text as staked, (ended_at is not null) as ended from game_rounds where provider_id = $1`, [
        LIVE_PROVIDER,
      ]),
    ).then(
      ({ rows }) => rows,
      () => null,
    );
    if (!rows) return -1;
    const ended = new Map(rows.map((row) => [row.round_id, row]));
    const unsettled = [...seats].filter(
      ([platformRound, seat]) => live.rounds.get(seat.roundId)?.state === 'result' && !ended.get(platformRound)?.ended,
    ).length;
    const open = rows.filter((row) => !row.ended && Number(row.staked) !== 0).length;
    return unseen + voiding.size + unsettled + open;
  }

  /** The report's lines on the live table; `settledSeconds`: how long after the load stopped nothing of it was under way any more. */
  function figures(settledSeconds) {
    const bets = live.bets;
    const by = (outcome) => bets.filter((bet) => bet.outcome === outcome);
    const rounds = new Set(by('acked').map((bet) => bet.roundId));
    const voided = [...rounds].filter((roundId) => live.rounds.get(roundId)?.state === 'void').length;
    const codes = new Map();
    for (const [key, n] of record.refusals) if (key.startsWith('live bet ')) codes.set(key.slice('live bet '.length), n);
    const resent = (kind) => [...wallet.sends.values()].filter((send) => send.kind === kind && send.n > 1).length;
    const list = (map) => [...map].map(([key, n]) => `${key} ${n}`).join(', ') || 'none';
    const settled = settledSeconds === null ? 'not settled' : `every seat settled within ${settledSeconds.toFixed(1)} s of the load's end`;
    return [
      `live table (${LIVE_TABLE}): ${by('acked').length} bets placed by ${new Set(by('acked').map((bet) => bet.playerId)).size} players in ${rounds.size} rounds, ${by('refused').length} refused (${list(codes)}), ${by('unknown').length} unanswered; ${live.voids.filter((v) => v.outcome === 'acked').length} rounds voided by the dealer (${voided} of those bet in), ${live.voids.filter((v) => v.outcome !== 'acked').length} voids refused (the result already out); ${settled}`,
      `  the studio's wallet calls through the balancer: ${list(wallet.sent)}; cut in flight (502): ${list(wallet.cut)}; answered 5xx (the database cut or busy): ${list(wallet.failed)}; passed on from a process down: ${wallet.passedOn}; sent more than once: ${resent('debit')} debits, ${resent('credit')} credits, ${resent('cancel')} cancels`,
    ];
  }

  /** The live table's part of the CHAOS_RESULT line. */
  function summary(killsAtSettlement) {
    const by = (outcome) => live.bets.filter((bet) => bet.outcome === outcome).length;
    const sum = (map) => [...map.values()].reduce((total, n) => total + n, 0);
    return {
      bets: by('acked'),
      refused: by('refused'),
      unknown: by('unknown'),
      rounds: new Set(live.bets.filter((bet) => bet.outcome === 'acked').map((bet) => bet.roundId)).size,
      voided: live.voids.filter((v) => v.outcome === 'acked').length,
      walletCalls: sum(wallet.sent),
      walletCallsCut: sum(wallet.cut),
      resent: [...wallet.sends.values()].filter((send) => send.n > 1).length,
      killsAtSettlement,
    };
  }

  return { liveBet, watchLobby, observe, nextSettlingCall, underWay, figures, summary, remember, wallet };
}
