// bench:jackpots part 2: the pools' ticker to many browsers. Subscribers of the platform's
// `GET /Games/jackpots/stream` spread over its processes (a worker thread reads them,
// jackpot-subscribers.mjs); the bench makes each change itself, one at a time, through one process
// (a feeding stake by the games contract), hears its commit by a LISTEN of its own on the pools'
// channel (PostgreSQL delivers the NOTIFY at commit, as it does to the platform's processes), reads
// the pool's state it left, and times each subscriber's first `event: pools` showing that state or a
// later one, and each forced hit's `event: hit`.
import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { betAndWin } from './jackpot-contract.mjs';

const epochNow = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

function startSubscribers(workerData) {
  const worker = new Worker(new URL('./jackpot-subscribers.mjs', import.meta.url), { workerData });
  const connected = once(worker, 'message').then(([message]) => message);
  return {
    connected,
    async stop() {
      const answer = once(worker, 'message').then(([message]) => message);
      worker.postMessage({ type: 'stop' });
      const message = await answer;
      await worker.terminate();
      return message;
    },
    terminate: () => worker.terminate(),
  };
}

/**
 * Measures the ticker. `phases`: [{ name, changes, gapMs: [min, max] }], each a series of single
 * changes with a pause between (above the feed's 250 ms throttle each change is its own event;
 * below it, changes are read together). Then `hits` forced hits of the pool, each timed to its `hit`
 * event. Answers per phase the arrivals (ms after the commit) and the figures.
 */
export async function measureTicker({
  databaseUrl,
  ports,
  storefront,
  client,
  seat,
  poolId,
  subscriberCount,
  phases,
  hits,
  forceDrop,
  log,
}) {
  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  const heard = [];
  listener.on('notification', (message) => heard.push({ payload: message.payload, at: epochNow() }));
  await listener.query('listen krone_jackpots');
  const stateNow = async () => {
    const { rows } = await listener.query('select drop_seq, amount_ore::text, cap_ore::text from jackpot_pools where id = $1', [poolId]);
    return {
      key: `${rows[0].drop_seq}:${rows[0].amount_ore}`,
      sequence: rows[0].drop_seq,
      amountOre: Number(rows[0].amount_ore),
      capOre: Number(rows[0].cap_ore),
    };
  };
  /** The commit of a change sent at `sentAt`: the first notification of the pool since (up to 5 s). */
  async function commitOf(sentAt) {
    for (const deadline = performance.now() + 5000; performance.now() < deadline; await sleep(2)) {
      const found = heard.find((n) => n.payload === poolId && n.at >= sentAt);
      if (found) return found.at;
    }
    return undefined;
  }
  const stakeSteps = seat.stepsOre.filter((step) => step >= 200);

  const fans = startSubscribers({ ports, path: '/Games/jackpots/stream', headers: storefront, count: subscriberCount, poolId });
  const changes = [];
  try {
    const started = performance.now();
    const connected = await fans.connected;
    log(
      `  ${connected.open}/${subscriberCount} connected in ${(performance.now() - started).toFixed(0)} ms (${Object.entries(
        connected.byPort,
      )
        .map(([port, n]) => `${n} at :${port}`)
        .join(', ')}; refused: ${
        Object.entries(connected.refusals)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ') || 'none'
      })`,
    );
    if (connected.open === 0) throw new Error('no subscriber could open the jackpots stream');
    await sleep(1000);

    async function change(phase) {
      // A stake of 2 kr. or more at 0.5 % moves the pool by at least one whole øre: every change is a new amount.
      const stakeOre = stakeSteps[randomInt(stakeSteps.length)];
      heard.length = 0;
      const sentAt = epochNow();
      const answer = await betAndWin(client, seat, stakeOre, 0);
      const answeredAt = epochNow();
      if (answer.status !== 200) throw new Error(`a change refused: ${answer.status} ${JSON.stringify(answer.json)}`);
      const commitAt = await commitOf(sentAt);
      const state = await stateNow();
      const wins = answer.json.data.jackpotWins ?? [];
      changes.push({
        phase,
        key: state.key,
        sentAt,
        answeredAt,
        commitAt,
        hit: wins.find((win) => win.poolId === poolId) ? `hit|${poolId}|${state.sequence - 1}` : null,
      });
      return state;
    }

    for (const phase of phases) {
      for (let i = 0; i < phase.changes; i++) {
        await change(phase.name);
        await sleep(phase.gapMs[0] + randomInt(phase.gapMs[1] - phase.gapMs[0] + 1));
      }
    }
    for (let i = 0; i < hits; i++) {
      const before = await stateNow();
      await forceDrop(poolId, Math.min(before.capOre, before.amountOre + 1));
      await sleep(600);
      await change('hit');
      await sleep(1000);
    }
    await sleep(2000);
  } catch (error) {
    await fans.terminate();
    await listener.end();
    throw error;
  }
  const { subscribers, endedEarly } = await fans.stop();
  await listener.end();

  // Each subscriber's arrival of each change: its first pools event showing that state or a later one.
  const index = new Map(changes.map((c, i) => [c.key, i]));
  for (const c of changes) Object.assign(c, { arrivals: [], byPort: new Map(), hitArrivals: [], readAt: undefined });
  for (const subscriber of subscribers) {
    let reached = -1;
    for (const [key, at, readAt] of subscriber.events) {
      if (key.startsWith('hit|')) {
        const c = changes.find((entry) => entry.hit === key);
        c?.hitArrivals.push(at);
        continue;
      }
      const i = index.get(key);
      if (i === undefined || i <= reached) continue;
      for (let j = reached + 1; j <= i; j++) {
        changes[j].arrivals.push(at);
        changes[j].readAt = Math.min(changes[j].readAt ?? Infinity, readAt);
        const byPort = changes[j].byPort.get(subscriber.port) ?? [];
        byPort.push(at);
        changes[j].byPort.set(subscriber.port, byPort);
      }
      reached = i;
    }
  }
  const figures = [];
  for (const name of [...phases.map((phase) => phase.name), ...(hits > 0 ? ['hit'] : [])]) {
    const mine = changes.filter((c) => c.phase === name);
    // The commit: heard by the bench's LISTEN, or the caller's answer when that came first (both follow it by a fraction of a ms).
    const t0 = (c) => Math.min(c.commitAt ?? Infinity, c.answeredAt);
    const all = mine.flatMap((c) => c.arrivals.map((at) => at - t0(c)));
    const lasts = mine.filter((c) => c.arrivals.length).map((c) => Math.max(...c.arrivals) - t0(c));
    const firsts = mine.filter((c) => c.arrivals.length).map((c) => Math.min(...c.arrivals) - t0(c));
    const perPort = Object.fromEntries(
      ports.map((port) => [port, mine.flatMap((c) => (c.byPort.get(port) ?? []).map((at) => at - t0(c)))]),
    );
    const hitDelays = mine.flatMap((c) => c.hitArrivals.map((at) => at - t0(c)));
    const missed = mine.reduce((sum, c) => sum + subscribers.length - c.arrivals.length, 0);
    // When the platform read the pools for the event (its `at`, whole ms): the feed's part, before the writes to the subscribers.
    const toRead = mine.filter((c) => c.readAt !== undefined).map((c) => c.readAt - t0(c));
    const commitToAnswer = mine.filter((c) => c.commitAt).map((c) => c.answeredAt - c.commitAt);
    const sentToCommit = mine.filter((c) => c.commitAt).map((c) => c.commitAt - c.sentAt);
    figures.push({
      name,
      changes: mine.length,
      heard: mine.filter((c) => c.commitAt).length,
      all,
      lasts,
      firsts,
      perPort,
      hitDelays,
      hitsMissed: name === 'hit' ? mine.reduce((sum, c) => sum + subscribers.length - c.hitArrivals.length, 0) : 0,
      missed,
      commitToAnswer,
      sentToCommit,
      toRead,
    });
  }
  return { subscribers: subscribers.length, endedEarly, figures };
}
