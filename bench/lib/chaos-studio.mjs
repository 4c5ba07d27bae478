// bench:chaos's players who play through our game studio (apps/studio) rather than as the provider
// themselves: the storefront launches the game at the platform, the studio opens a session with
// that launch token and plays each round as it does in production (the outcome drawn and kept,
// then one signed betAndWin call to the platform's public door, through the balancer, retried and
// rolled back by the studio itself when a platform process dies under it). Afterwards every round
// the studio kept is held against the platform's rounds.
import { withClient } from './postgres.mjs';
import { call } from './http.mjs';

/** A round through the studio for `player`; counts like the other operations (`count` of chaos-load.mjs). */
export function createStudioRounds({ studioPort, studioKey, launch, count, record, measuring }) {
  record.studioRounds ??= [];
  const headers = (player) => ({ 'krone-studio-key': studioKey, authorization: `Bearer ${player.studio.token}` });

  async function ensureSession(player) {
    if (player.studio) return true;
    const token = await launch(player);
    if (!token) return false;
    count('studio session', 'attempted');
    const started = await call(studioPort, 'POST', '/sessions', { mode: 'real', token }, { 'krone-studio-key': studioKey });
    if (started.status !== 200) {
      count('studio session', started.status >= 400 && started.status < 500 ? 'refused' : 'unknown');
      return false;
    }
    count('studio session', 'acked');
    const data = started.json.data;
    player.studio = { sessionId: data.sessionId, token: data.token, stakeOre: data.stake.defaultOre };
    return true;
  }

  return async function studioRound(player) {
    if (!(await ensureSession(player))) return;
    count('round (studio)', 'attempted');
    record.calls++;
    const answer = await call(
      studioPort,
      'POST',
      `/sessions/${player.studio.sessionId}/rounds`,
      { stakeOre: player.studio.stakeOre },
      headers(player),
    );
    if (measuring()) record.latencies.push(answer.ms);
    if (answer.status === 200) {
      count('round (studio)', 'acked');
      const round = answer.json.data.round;
      // A pending round (the platform's answer owed) shows no win yet: the check finds it settled or refused.
      if (round.status !== 'pending')
        record.studioRounds.push({ playerId: player.id, roundId: round.roundId, stakeOre: round.stakeOre, winOre: round.winOre });
      return;
    }
    const code = answer.json?.code ?? `HTTP_${answer.status}`;
    count('round (studio)', answer.status >= 400 && answer.status < 500 ? 'refused' : 'unknown');
    record.refusals.set(`round (studio) ${code}`, (record.refusals.get(`round (studio) ${code}`) ?? 0) + 1);
    // The money-played warning (Danish rules): the player reads it and plays on, as most do.
    if (code === 'GAME_WARNING_UNANSWERED') {
      count('studio warning answered', 'attempted');
      const answered = await call(
        studioPort,
        'POST',
        `/sessions/${player.studio.sessionId}/warning`,
        { answer: 'continue' },
        headers(player),
      );
      count(
        'studio warning answered',
        answered.status === 200 ? 'acked' : answered.status >= 400 && answered.status < 500 ? 'refused' : 'unknown',
      );
    }
    // A session the platform ended (a pause) or that expired: the next round opens a new one.
    if (code === 'GAME_SESSION_ENDED' || code === 'GAME_SESSION_NOT_FOUND' || answer.status === 401) player.studio = null;
  };
}

/**
 * The studio's real rounds still open (-1 when its database cannot be read): a round whose answer a
 * fault cut stays pending until the studio's recovery sends it again, so it is under way too.
 */
export async function openStudioRounds(studioDatabaseUrl) {
  const open = `select count(*)::int as n from studio.rounds where mode = 'real' and status = 'open'`;
  return withClient(studioDatabaseUrl, (client) => client.query(open)).then(
    ({ rows }) => rows[0].n,
    () => -1,
  );
}

/**
 * The studio's rounds against the platform's: every round the studio settled is on the platform
 * with the same stake and win; every round it answered to the player settled is settled; none is
 * left open (pending) once the faults have stopped; a round it refused or rolled back staked nothing there.
 */
export async function checkStudio(studioDatabaseUrl, platformDatabaseUrl, record) {
  const studio = await withClient(studioDatabaseUrl, (client) =>
    client.query(`select id::text, status, stake_ore::int, coalesce(win_ore, 0)::int as win_ore from studio.rounds where mode = 'real'`),
  );
  const platform = await withClient(platformDatabaseUrl, (client) =>
    client.query(`select round_id, staked_ore::int, won_ore::int from game_rounds where provider_id = 'krone-studio'`),
  );
  const onPlatform = new Map(platform.rows.map((row) => [row.round_id, row]));
  const problems = [];
  const byStatus = new Map();
  for (const round of studio.rows) {
    byStatus.set(round.status, (byStatus.get(round.status) ?? 0) + 1);
    const there = onPlatform.get(round.id);
    if (round.status === 'settled') {
      if (!there || there.staked_ore !== round.stake_ore || there.won_ore !== round.win_ore)
        problems.push(
          `studio round ${round.id} settled (${round.stake_ore}/${round.win_ore}), the platform has ${there ? `${there.staked_ore}/${there.won_ore}` : 'nothing'}`,
        );
    } else if (round.status === 'open') problems.push(`studio round ${round.id} still open`);
    else if (there && there.staked_ore !== 0)
      problems.push(`studio round ${round.id} ${round.status}, the platform kept a stake of ${there.staked_ore}`);
  }
  const kept = new Map(studio.rows.map((row) => [row.id, row]));
  for (const answered of record.studioRounds ?? []) {
    const row = kept.get(answered.roundId);
    if (!row || row.stake_ore !== answered.stakeOre || row.win_ore !== answered.winOre)
      problems.push(
        `round ${answered.roundId} answered to the player, the studio kept ${row ? `${row.status} ${row.stake_ore}/${row.win_ore}` : 'nothing'}`,
      );
  }
  return {
    name: 'studio_rounds_match',
    ok: problems.length === 0,
    detail: `${studio.rows.length} studio rounds (${[...byStatus].map(([status, n]) => `${n} ${status}`).join(', ') || 'none'}), ${(record.studioRounds ?? []).length} answered`,
    examples: problems.slice(0, 5),
  };
}
