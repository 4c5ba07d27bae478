// bench:jackpots part 1: feeding stakes through the games contract, many players at once across
// two platform processes, real drops and forced ones; then the pools' sums read back from the
// platform's database and held against the bench's own record and the platform's invariants.
import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PPM } from '@krone/games-math';
import { betAndWin, roundInSteps } from './jackpot-contract.mjs';

/** A round's win as a multiple of its stake: 0 × 60 %, 1 × 20 %, 2 × 12 %, 5 × 6 %, 10 × 2 % (94 % back on average). */
function winMultiple() {
  const u = randomInt(100);
  if (u < 60) return 0;
  if (u < 80) return 1;
  if (u < 92) return 2;
  if (u < 98) return 5;
  return 10;
}

const countBy = (counts, key) => counts.set(key, (counts.get(key) ?? 0) + 1);

/**
 * Plays `rounds` rounds: `concurrency` callers, each with its own players (seats) and platform
 * process (callers alternate between `clients`), each round a random stake step of its title and a
 * win of a few times the stake or none; one in `stepsEvery` rounds as bet, win and endRound, the
 * others as one betAndWin. Every `forceEvery` rounds (not in the last 2 %) a pool's drop is set
 * just above its amount (`forceDrop` of the platform's pools, as the browser tests' hook does), so
 * the pools that seldom drop are won too. Answers what was played and answered.
 */
export async function playRounds({ clients, seats, rounds, concurrency, forceEvery, stepsEvery, forceDrop, poolAmount, poolIds, log }) {
  const record = {
    rounds: 0,
    calls: 0,
    failures: new Map(),
    /** Calls whose outcome the bench cannot know (no answer, or a 5xx: the database cut or overloaded); their hits may be unanswered. */
    unknown: 0,
    stakedOre: 0,
    wonOre: 0,
    wins: [],
    forced: [],
    forceRefused: new Map(),
    seconds: 0,
  };
  let next = 0;
  const forceUntil = Math.floor(rounds * 0.98);
  const started = performance.now();
  let lastLog = started;

  async function force() {
    const poolId = poolIds[randomInt(poolIds.length)];
    try {
      const { amountOre, capOre } = await poolAmount(poolId);
      const dropOre = Math.min(capOre, amountOre + randomInt(1, 200));
      const forced = await forceDrop(poolId, dropOre);
      record.forced.push({ poolId, sequence: forced.sequence, dropOre });
    } catch (error) {
      countBy(record.forceRefused, error?.code ?? String(error?.message ?? error));
    }
  }

  async function caller(index) {
    const client = clients[index % clients.length];
    const mine = seats.filter((_, i) => i % concurrency === index);
    while (next < rounds) {
      const n = next++;
      if (forceEvery > 0 && n > 0 && n % forceEvery === 0 && n < forceUntil) await force();
      const seat = mine[randomInt(mine.length)];
      const stakeOre = seat.stepsOre[randomInt(seat.stepsOre.length)];
      const winOre = stakeOre * winMultiple();
      const answers =
        stepsEvery > 0 && n % stepsEvery === 0
          ? await roundInSteps(client, seat, stakeOre, winOre)
          : [await betAndWin(client, seat, stakeOre, winOre)];
      record.calls += answers.length;
      const refused = answers.find((answer) => answer.status !== 200);
      if (refused) {
        countBy(record.failures, refused.json?.code ?? `HTTP ${refused.status}`);
        if (refused.status === 0 || refused.status >= 500) record.unknown++;
        // A bet taken before a later call of its round failed still staked.
        if (answers[0].status !== 200) continue;
      }
      record.rounds++;
      record.stakedOre += stakeOre;
      if (!refused) record.wonOre += winOre;
      for (const win of answers[0].json?.data?.jackpotWins ?? []) record.wins.push({ ...win, gameId: seat.gameId });
      const now = performance.now();
      if (index === 0 && now - lastLog >= 10_000) {
        lastLog = now;
        const rate = record.rounds / ((now - started) / 1000);
        log(
          `  ${record.rounds} rounds, ${rate.toFixed(0)} rounds/s, ${record.wins.length} pools won (${record.forced.length} drops forced); about ${((rounds - record.rounds) / rate / 60).toFixed(1)} min left`,
        );
      }
    }
  }

  await Promise.all(Array.from({ length: concurrency }, (_, i) => caller(i)));
  record.seconds = (performance.now() - started) / 1000;
  return record;
}

/**
 * The pools' sums from the platform's database (as text: bigints), per pool and in total, and the
 * checks of issue 26's proof: Σ contributions + Σ seeds = Σ pool amounts + Σ hits to the øre; Σ
 * exact micro-øre = Σ øre moved × 10⁶ + Σ carried; and against the bench's own record.
 */
export async function readPools(client) {
  const { rows: pools } = await client.query(`
    select p.id, p.seed_ore::text, p.amount_ore::text, p.carry_micro::text, p.drop_seq, p.drop_ore::text,
      (select coalesce(sum(c.amount_ore), 0) from jackpot_contributions c where c.pool_id = p.id)::text as contributions,
      (select coalesce(sum(c.micro), 0) from jackpot_contributions c where c.pool_id = p.id)::text as micro,
      (select count(*) from jackpot_contributions c where c.pool_id = p.id)::text as contribution_rows,
      (select coalesce(sum(s.amount_ore), 0) from jackpot_seeds s where s.pool_id = p.id)::text as seeds,
      (select count(*) from jackpot_seeds s where s.pool_id = p.id)::int as seed_rows,
      (select coalesce(sum(h.amount_ore), 0) from jackpot_hits h where h.pool_id = p.id)::text as hits,
      (select count(*) from jackpot_hits h where h.pool_id = p.id)::int as hit_rows,
      (select count(distinct h.drop_seq) from jackpot_hits h where h.pool_id = p.id)::int as hit_drops,
      (select coalesce(sum(e.amount_ore), 0) from wallet_entries e where e.account_id = p.account_id)::text as ledger
    from jackpot_pools p order by p.position, p.id`);
  const { rows: rounds } = await client.query(`
    select count(*)::text as n, count(*) filter (where ended_at is null)::text as open,
      coalesce(sum(jackpot_staked_ore), 0)::text as staked, coalesce(sum(jackpot_won_ore), 0)::text as won
    from game_rounds`);
  return { pools, rounds: rounds[0] };
}

/**
 * The proof's lines and whether each holds, from `readPools` and the bench's record; `before`
 * (`readPools` at the run's start) when the database held rounds already: the record is held
 * against what was added since; no record (a kept database checked alone): that check is left out.
 */
export function judgePools({ pools, rounds }, record, before = null) {
  const big = (value) => BigInt(value);
  const sum = (key) => pools.reduce((total, pool) => total + big(pool[key]), 0n);
  const totals = {
    contributions: sum('contributions'),
    micro: sum('micro'),
    seeds: sum('seeds'),
    pools: sum('amount_ore'),
    carry: sum('carry_micro'),
    hits: sum('hits'),
    hitRows: pools.reduce((total, pool) => total + pool.hit_rows, 0),
  };
  const answeredOre = (record?.wins ?? []).reduce((total, win) => total + big(win.amountOre), 0n);
  const earlier = {
    hitRows: before ? before.pools.reduce((total, pool) => total + pool.hit_rows, 0) : 0,
    hits: before ? before.pools.reduce((total, pool) => total + big(pool.hits), 0n) : 0n,
  };
  const checks = [];
  const check = (name, ok, detail) => checks.push({ name, ok, detail });
  check(
    'Σ contributions + Σ seeds = Σ pool amounts + Σ hits',
    totals.contributions + totals.seeds === totals.pools + totals.hits,
    `${totals.contributions} + ${totals.seeds} = ${totals.contributions + totals.seeds} øre; ${totals.pools} + ${totals.hits} = ${totals.pools + totals.hits} øre`,
  );
  check(
    'Σ exact contributions (µøre) = Σ øre moved × 10⁶ + Σ carried',
    totals.micro === totals.contributions * big(PPM) + totals.carry,
    `${totals.micro} µøre; ${totals.contributions} × 10⁶ + ${totals.carry} = ${totals.contributions * big(PPM) + totals.carry} µøre`,
  );
  check(
    "each pool's amount is its ledger account's balance",
    pools.every((pool) => pool.amount_ore === pool.ledger),
    pools.map((pool) => `${pool.id} ${pool.amount_ore} / ${pool.ledger}`).join(', '),
  );
  check(
    'one hit per drop: each pool won once at each drop before the one in force, seeded once at each',
    pools.every((pool) => pool.hit_rows === pool.drop_seq - 1 && pool.hit_drops === pool.hit_rows && pool.seed_rows === pool.drop_seq),
    pools.map((pool) => `${pool.id} drop ${pool.drop_seq}: ${pool.hit_rows} hits, ${pool.seed_rows} seeds`).join(', '),
  );
  check(
    "the rounds' jackpot parts are the contributions and the hits",
    big(rounds.staked) === totals.contributions && big(rounds.won) === totals.hits,
    `game_rounds staked ${rounds.staked} øre into pools, won ${rounds.won} øre from them`,
  );
  if (!record) return { totals, checks };
  // A call left without an answer (or answered 5xx) may have won a pool the bench never heard of: at most one each.
  const unanswered = totals.hitRows - earlier.hitRows - record.wins.length;
  check(
    `every hit${before ? ' of this run' : ''} was answered to its round, and nothing else`,
    record.unknown === 0 ? unanswered === 0 && answeredOre === totals.hits - earlier.hits : unanswered >= 0 && unanswered <= record.unknown,
    `${record.wins.length} jackpotWins answered, ${answeredOre} øre; ${totals.hitRows - earlier.hitRows} hits recorded, ${totals.hits - earlier.hits} øre${before ? ` (besides the ${earlier.hitRows} before the run)` : ''}${record.unknown ? `; ${record.unknown} calls without a known outcome (no answer or 5xx), ${unanswered} hits not answered` : ''}`,
  );
  return { totals, checks };
}
