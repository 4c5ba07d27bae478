// bench:live's check of the platform's ledger after one live round (issue 25): read straight from the
// platform's database, held against what the maths says each seat is due.
import { withClient } from './postgres.mjs';

const count = (values) => {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
};

/**
 * The ledger's invariants after the studio's round `roundId` (the contract's rounds are
 * `{roundId}:{gameSessionId}`): each player's balance = before − stake + the return due on the
 * drawn result; Σ players' net = −(the provider's games account's net) = −(Σ stakes − Σ returns);
 * no studio transaction id with two transfers, one bet transfer per debit, one win transfer per
 * winner; every seat's contract round ended, with exactly one win of exactly its return; the whole
 * ledger sums to 0 with no negative balance. `seats` are the taken ones: { person, gameSessionId,
 * bet: { stakeOre }, returnOre }. Waits up to 10 s for every round to end. Answers the printed lines,
 * whether all hold, and when the platform ended the last round (epoch ms).
 */
export async function checkLiveRound(databaseUrl, { providerId, roundId, people, seats, startBalanceOre }) {
  return withClient(databaseUrl, async (client) => {
    const prefix = `${roundId}:`;
    let rounds;
    for (const deadline = Date.now() + 10_000; ;) {
      ({ rows: rounds } = await client.query(
        `select round_id, won_ore::bigint::text, extract(epoch from ended_at) * 1000 as ended_ms
           from game_rounds where provider_id = $1 and left(round_id, length($2)) = $2`,
        [providerId, prefix],
      ));
      if ((rounds.length >= seats.length && rounds.every((row) => row.ended_ms !== null)) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { rows: wins } = await client.query(
      `select round_id from game_transactions where provider_id = $1 and kind = 'win' and left(round_id, length($2)) = $2`,
      [providerId, prefix],
    );
    const { rows: transfers } = await client.query(
      `select id::text, kind, reference->>'transactionId' as transaction_id from wallet_transfers
        where reference->>'provider' = $1 and left(reference->>'roundId', length($2)) = $2`,
      [providerId, prefix],
    );
    const { rows: sides } = await client.query(
      `select a.kind, a.player_id::text, sum(e.amount_ore)::bigint::text as net
         from wallet_entries e join wallet_accounts a on a.id = e.account_id
        where e.transfer_id = any($1::uuid[]) group by a.kind, a.player_id`,
      [transfers.map((t) => t.id)],
    );
    const { rows: balances } = await client.query(
      `select player_id::text, sum(balance_ore)::bigint::text as balance from wallet_accounts
        where player_id = any($1::uuid[]) and kind in ('player_cash', 'player_bonus') group by player_id`,
      [people.map((person) => person.id)],
    );
    const {
      rows: [whole],
    } = await client.query(
      `select (select coalesce(sum(amount_ore), 0) from wallet_entries)::text as total,
              (select count(*) from wallet_accounts where balance_ore < 0)::int as negative`,
    );

    const seatOf = new Map(seats.map((seat) => [seat.person.id, seat]));
    const balanceOf = new Map(balances.map((row) => [row.player_id, Number(row.balance)]));
    const wrongBalances = people.filter((person) => {
      const seat = seatOf.get(person.id);
      const expected = seat ? startBalanceOre - seat.bet.stakeOre + seat.returnOre : startBalanceOre;
      return balanceOf.get(person.id) !== expected;
    }).length;
    const gamesAccount = `provider:${providerId}:games`;
    const net = (rows) => rows.reduce((sum, row) => sum + Number(row.net), 0);
    const playersNet = net(sides.filter((side) => side.player_id !== null));
    const houseNet = net(sides.filter((side) => side.kind === gamesAccount));
    const elsewhere = sides.filter((side) => side.player_id === null && side.kind !== gamesAccount).length;
    const stakedOre = seats.reduce((sum, seat) => sum + seat.bet.stakeOre, 0);
    const returnedOre = seats.reduce((sum, seat) => sum + seat.returnOre, 0);
    const twice = [...count(transfers.map((t) => t.transaction_id)).values()].filter((n) => n > 1).length;
    const betTransfers = transfers.filter((t) => t.kind === 'bet').length;
    const winTransfers = transfers.filter((t) => t.kind === 'win').length;
    const winners = seats.filter((seat) => seat.returnOre > 0).length;
    const winsOf = count(wins.map((row) => row.round_id));
    const due = new Map(seats.map((seat) => [`${prefix}${seat.gameSessionId}`, seat.returnOre]));
    const settledOnce = rounds.filter(
      (row) => row.ended_ms !== null && winsOf.get(row.round_id) === 1 && Number(row.won_ore) === due.get(row.round_id),
    ).length;
    const lastEndedMs = Math.max(...rounds.filter((row) => row.ended_ms !== null).map((row) => Number(row.ended_ms)));

    const checks = {
      balances: wrongBalances === 0,
      sides: playersNet === -houseNet && elsewhere === 0,
      house: houseNet === stakedOre - returnedOre,
      once: twice === 0 && betTransfers === seats.length && winTransfers === winners,
      settled: settledOnce === seats.length && rounds.length === seats.length,
      whole: whole.total === '0' && whole.negative === 0,
    };
    const verdict = (ok) => (ok ? 'holds' : 'BROKEN');
    const lines = [
      `each player's balance = before − stake + the return due on the result (settleRoulette): ${verdict(checks.balances)} (${people.length - wrongBalances}/${people.length}; a player whose bet was refused: unchanged)`,
      `Σ players' net ${playersNet} øre = −(the house's net ${houseNet} øre): ${verdict(checks.sides)}; the house's net = Σ stakes − Σ returns due (${stakedOre - returnedOre} øre): ${verdict(checks.house)}`,
      `no transfer twice: ${verdict(checks.once)} (${transfers.length} transfers: ${betTransfers} bets for ${seats.length} debits, ${winTransfers} wins for ${winners} winners; ${twice} studio transaction ids with more than one)`,
      `every seat settled exactly once: ${verdict(checks.settled)} (${settledOnce}/${seats.length} contract rounds ended with one credit of exactly their return; ${rounds.length} rounds)`,
      `whole ledger: entries sum ${whole.total} øre, ${whole.negative} negative balances: ${verdict(checks.whole)}`,
    ];
    return { lines, ok: Object.values(checks).every(Boolean), lastEndedMs, stakedOre, returnedOre };
  });
}
