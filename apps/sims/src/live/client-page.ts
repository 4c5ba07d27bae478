import {
  EUROPEAN_WHEEL_ORDER,
  MONEY_WHEEL_COUNTS,
  MONEY_WHEEL_FIELDS,
  MONEY_WHEEL_LARGEST_RETURN,
  MONEY_WHEEL_MULTIPLIERS,
  MONEY_WHEEL_NUMBERS,
  MONEY_WHEEL_ORDER,
  moneyWheelRtp,
  RED_NUMBERS,
  rouletteRtp,
  rtpPercent,
  SHARED_HAND_RTP,
} from '@krone/games-math';
import { escapeHtml } from '../http.js';
import type { LiveTableSpec } from './rounds.js';

/*
 * Lysmester Live's game client: the page the operator embeds (an iframe on its own game screen).
 * One HTML page with its script inline, speaking only to the studio (`/client/api/*`, same origin).
 * No real video exists here: the page draws the table and says so plainly. Danish, as the studio's
 * Danish tables are. The result's commitment is checked in the page (Web Crypto) and shown.
 */

/** The table's wheel as SVG: its fields clockwise from the pointer at the top, each labelled. */
function wheelSvg(kind: LiveTableSpec['kind']): string {
  const fields =
    kind === 'money-wheel'
      ? MONEY_WHEEL_ORDER.map((field) => ({
          label: field.kind === 'multiplier' ? `${field.value}×` : String(field.value),
          fill:
            field.kind === 'multiplier'
              ? '#e8b931'
              : ({ 1: '#2b5ea7', 2: '#7a3fa0', 5: '#1f7a45', 10: '#c0562a', 20: '#a3262a', 40: '#111' } as Record<number, string>)[
                  field.value
                ]!,
        }))
      : EUROPEAN_WHEEL_ORDER.map((n) => ({
          label: String(n),
          fill: n === 0 ? '#1f7a45' : RED_NUMBERS.includes(n) ? '#a3262a' : '#1e1e1e',
        }));
  const count = fields.length;
  const r = 100;
  const point = (angle: number, radius: number) => {
    const a = ((angle - 90) * Math.PI) / 180;
    return `${(Math.cos(a) * radius).toFixed(2)} ${(Math.sin(a) * radius).toFixed(2)}`;
  };
  const slices = fields
    .map((field, index) => {
      const from = (index * 360) / count;
      const to = ((index + 1) * 360) / count;
      const mid = (from + to) / 2;
      const [x, y] = point(mid, r * 0.82).split(' ');
      return `<path d="M0 0 L${point(from, r)} A${r} ${r} 0 0 1 ${point(to, r)} Z" fill="${field.fill}" stroke="#e8b93155" stroke-width="0.5"/><text x="${x}" y="${y}" transform="rotate(${mid.toFixed(2)} ${x} ${y})" font-size="${count > 40 ? 6 : 8}" fill="#fff" text-anchor="middle" dominant-baseline="middle">${field.label}</text>`;
    })
    .join('');
  return `<svg viewBox="-110 -112 220 224" class="wheel" role="img" aria-label="Hjulet" data-testid="live-wheel" data-fields="${count}"><g class="spin">${slices}<circle r="22" fill="#0b2219" stroke="#e8b931"/></g><path d="M0 -104 L-6 -112 L6 -112 Z" fill="#e8b931"/></svg>`;
}

/** A percentage the Danish way: 97,30 %. */
const percent = (value: string) => `${value.replace('.', ',')} %`;

/**
 * The table's rules, what each bet pays and its return to player, inside the game (the Danish
 * rules ask for them there), computed from the maths as the lobby's figures are.
 */
function rulesHtml(spec: LiveTableSpec): string {
  const limits = `<p>Indsats pr. bet ${kr(spec.minBetOre)}–${kr(spec.maxBetOre)}${spec.kind === 'blackjack' ? '' : `, og dine bets i en runde højst ${kr(spec.maxBetOre)} i alt`}.</p>`;
  if (spec.kind === 'roulette') {
    const rtp = percent(rtpPercent(rouletteRtp('european', 'straight')));
    const rows = [
      ['Rød eller sort, lige eller ulige', '1 til 1'],
      ['Dusin (1–12, 13–24, 25–36)', '2 til 1'],
      ['Et enkelt tal (0–36)', '35 til 1'],
    ];
    return `<p>Europæisk roulette med ét nul: hjulet har 37 lommer, 0–36. Bets placeres, mens der er åbent, og kuglen afgør dem alle. Nul taber alle bets undtagen et bet på 0.</p>
<table><thead><tr><th>Bet</th><th>Udbetaling</th><th>Tilbagebetaling</th></tr></thead><tbody>${rows.map(([bet, pays]) => `<tr><td>${bet}</td><td>${pays}</td><td>${rtp}</td></tr>`).join('')}</tbody></table>
<p>Tilbagebetaling til spilleren (RTP): <strong data-testid="live-rules-rtp">${rtp}</strong> for hvert bet.</p>${limits}`;
  }
  if (spec.kind === 'money-wheel') {
    const rows = MONEY_WHEEL_NUMBERS.map((number) => {
      const rtp = percent(rtpPercent(moneyWheelRtp(number)));
      return `<tr><td>${number}</td><td>${MONEY_WHEEL_COUNTS[number]} af ${MONEY_WHEEL_FIELDS}</td><td>${number} til 1</td><td data-testid="live-rules-rtp-${number}">${rtp}</td></tr>`;
    }).join('');
    return `<p>Hjulet har ${MONEY_WHEEL_FIELDS} felter: tallene nedenfor og to multiplikatorfelter, ${MONEY_WHEEL_MULTIPLIERS.map((m) => `${m}×`).join(' og ')}. Du sætter på et eller flere tal; stopper hjulet på dit tal, får du tallet til 1 plus din indsats. Stopper det på en multiplikator, drejes hjulet igen, og gevinsten ganges med multiplikatoren. Højst to multiplikatorer tæller i en runde, så den største gevinst er ${(MONEY_WHEEL_LARGEST_RETURN - 1).toLocaleString('da-DK')} til 1.</p>
<table><thead><tr><th>Tal</th><th>Felter</th><th>Udbetaling</th><th>Tilbagebetaling</th></tr></thead><tbody>${rows}</tbody></table>
<p>Tilbagebetalingen (RTP) er forskellig for hvert tal; den bedste er ${percent(rtpPercent(moneyWheelRtp(10)))} (10).</p>${limits}`;
  }
  return `<p>Blackjack med fælles hånd: alle ved bordet får de samme to første kort og ser dealerens samme åbne kort, og hver spiller træffer sine egne valg. Kort, du trækker, kommer fra den samme række, som alle trækker fra, så der altid er plads ved bordet.</p>
<ul><li>8 kortspil. Dealeren står på blød 17.</li><li>Blackjack betaler 3 til 2; anden gevinst 1 til 1; lige er uafgjort.</li><li>Du kan doble på dine to første kort, også efter split. Du kan splitte én gang; delte esser får ét kort hver.</li><li>Ingen forsikring og ingen overgivelse. Dealeren får sit andet kort efter spillernes valg; har dealeren blackjack, taber du kun din første indsats (dobling og split gives tilbage).</li><li>Et valg, du ikke når at træffe, står.</li></ul>
<p>Tilbagebetaling til spilleren (RTP) med grundlæggende strategi: <strong data-testid="live-rules-rtp">${percent((SHARED_HAND_RTP * 100).toFixed(2))}</strong>.</p>${limits}`;
}

const kr = (ore: number) => `${(ore / 100).toLocaleString('da-DK', { minimumFractionDigits: ore % 100 ? 2 : 0 })} kr.`;

export function clientPage(spec: LiveTableSpec, launch: string, nonce: string): string {
  const chips = [100, 500, 2_500, 10_000];
  const spots =
    spec.kind === 'blackjack'
      ? `<button type="button" class="spot" data-main="1" data-testid="live-bet-main">Sæt indsats</button>`
      : spec.kind === 'money-wheel'
        ? MONEY_WHEEL_NUMBERS.map(
            (number) => `<button type="button" class="spot" data-number="${number}" data-testid="live-spot-${number}">${number}</button>`,
          ).join('')
        : [
            `<button type="button" class="spot red" data-bet='{"kind":"red-black","selector":"red"}' data-testid="live-spot-red">Rød</button>`,
            `<button type="button" class="spot black" data-bet='{"kind":"red-black","selector":"black"}' data-testid="live-spot-black">Sort</button>`,
            `<button type="button" class="spot" data-bet='{"kind":"odd-even","selector":"odd"}' data-testid="live-spot-odd">Ulige</button>`,
            `<button type="button" class="spot" data-bet='{"kind":"odd-even","selector":"even"}' data-testid="live-spot-even">Lige</button>`,
            ...[1, 2, 3].map(
              (dozen) =>
                `<button type="button" class="spot" data-bet='{"kind":"dozen","selector":${dozen}}' data-testid="live-spot-dozen-${dozen}">${dozen}. dusin</button>`,
            ),
            ...EUROPEAN_WHEEL_ORDER.slice()
              .sort((a, b) => a - b)
              .map(
                (n) =>
                  `<button type="button" class="spot num ${n === 0 ? 'green' : RED_NUMBERS.includes(n) ? 'red' : 'black'}" data-bet='{"kind":"straight","numbers":[${n}]}' data-testid="live-spot-n${n}">${n}</button>`,
              ),
          ].join('');
  const config = JSON.stringify({ launch, kind: spec.kind, minBetOre: spec.minBetOre, maxBetOre: spec.maxBetOre });
  return `<!doctype html>
<html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(spec.name)} – Lysmester Live</title><link rel="icon" href="data:,">
<style nonce="${nonce}">
:root{color-scheme:dark;--felt:#0f3b2c;--gold:#e8b931;--ink:#f4f1e8}
*{box-sizing:border-box}body{margin:0;font:15px/1.4 system-ui,sans-serif;background:#0b2219;color:var(--ink)}
main{max-width:960px;margin:0 auto;padding:12px}
.stage{background:radial-gradient(circle at 50% 30%,#1d6b4f,var(--felt));border:2px solid var(--gold);border-radius:12px;padding:12px;text-align:center}
.notice{font-size:13px;background:#00000055;border-radius:8px;padding:6px 8px;margin:0 0 8px}
.dealer{margin:4px 0;color:#d9d3c0}.state{font-size:20px;font-weight:700;margin:6px 0}
.result{font-size:40px;font-weight:800;color:var(--gold);min-height:52px;margin:4px 0}
.wheel{width:min(300px,80vw);height:auto;display:block;margin:0 auto}
.wheel .spin{transition:transform 4s cubic-bezier(.15,.7,.2,1)}
@media (prefers-reduced-motion:reduce){.wheel .spin{transition:none}}
.chips,.spots{display:flex;flex-wrap:wrap;gap:6px;justify-content:center;margin:10px 0}
button{font:inherit;color:inherit;cursor:pointer;border-radius:8px;border:1px solid #ffffff44;background:#ffffff14;padding:8px 10px;min-width:44px;min-height:44px}
button:focus-visible{outline:3px solid var(--gold);outline-offset:2px}
button[aria-pressed=true]{background:var(--gold);color:#1b1b1b}
.spot.red{background:#a3262a}.spot.black{background:#1e1e1e}.spot.green{background:#1f7a45}
.spot.num{min-width:40px;padding:6px}
.bar{display:flex;gap:12px;justify-content:space-between;flex-wrap:wrap;align-items:center}
.message{min-height:22px}.cards{font-size:20px}.cards span{font-weight:700;letter-spacing:.05em}.moves{display:flex;gap:6px;justify-content:center;flex-wrap:wrap}.proof{font-size:12px;word-break:break-all;color:#c9c2ad}
ol{display:flex;gap:6px;list-style:none;padding:0;margin:6px 0;justify-content:center;flex-wrap:wrap}
ol li{background:#00000055;border-radius:6px;padding:2px 8px}
.rules{background:#00000040;border-radius:10px;padding:8px 12px;margin:8px 0}.rules summary{cursor:pointer;font-weight:700;min-height:32px}
.rules table{border-collapse:collapse;width:100%;font-size:14px}.rules th,.rules td{text-align:left;padding:4px 6px;border-bottom:1px solid #ffffff22}
</style></head>
<body><main>
<p class="notice" data-testid="live-standin-notice">Dette er en stand-in for et live-studie: der er ingen video her. Bordet tegnes af studiets testmiljø, og resultaterne trækkes af dets tilfældighedsgenerator.</p>
<section class="stage" aria-label="${escapeHtml(spec.name)}">
<h1>${escapeHtml(spec.name)}</h1>
<p class="dealer">Dealer: ${escapeHtml(spec.dealer)}</p>
${
  spec.kind === 'blackjack'
    ? `<div class="cards" data-testid="live-cards"><p>Dealer: <span data-testid="live-dealer-cards">–</span></p><p>Din hånd: <span data-testid="live-hand-cards">–</span></p></div>
<div class="moves" role="group" aria-label="Træk">${[
        ['hit', 'Træk kort'],
        ['stand', 'Stå'],
        ['double', 'Doble'],
        ['split', 'Split'],
      ]
        .map(
          ([move, label]) =>
            `<button type="button" class="move" data-move="${move}" data-testid="live-move-${move}" disabled>${label}</button>`,
        )
        .join('')}</div>`
    : wheelSvg(spec.kind)
}
<p class="state" data-testid="live-state" aria-live="polite">Forbinder …</p>
<p class="result" data-testid="live-result"></p>
<p>Seneste resultater:</p><ol data-testid="live-last-results"></ol>
</section>
<div class="bar"><span>Indsats pr. bet ${kr(spec.minBetOre)}–${kr(spec.maxBetOre)}</span><span data-testid="live-my-bets">Dine bets: 0 kr.</span></div>
<div class="chips" role="group" aria-label="Jetoner">${chips.map((ore, i) => `<button type="button" class="chip" data-ore="${ore}" aria-pressed="${i === 0}" data-testid="live-chip-${ore}">${kr(ore)}</button>`).join('')}</div>
<div class="spots" role="group" aria-label="Bets">${spots}</div>
<p class="message" data-testid="live-message" role="status"></p>
<p class="proof" data-testid="live-proof"></p>
<details class="rules" data-testid="live-rules"><summary>Spilleregler og tilbagebetaling</summary>${rulesHtml(spec)}</details>
</main>
<script nonce="${nonce}">
const config = ${config.replace(/</g, '\\u003c')};
const $ = (s) => document.querySelector(s);
const kr = (ore) => (ore / 100).toLocaleString('da-DK', { minimumFractionDigits: ore % 100 ? 2 : 0 }) + ' kr.';
let chip = 100, round = null, mine = 0, mainStake = 0, shownFor = '', turns = 0;
const WHEEL = ${JSON.stringify(EUROPEAN_WHEEL_ORDER)};
document.querySelectorAll('.chip').forEach((b) => b.addEventListener('click', () => {
  chip = Number(b.dataset.ore);
  document.querySelectorAll('.chip').forEach((c) => c.setAttribute('aria-pressed', String(c === b)));
}));
const MESSAGES = { INSUFFICIENT_FUNDS: 'Din saldo er for lav til dette bet.', BETTING_CLOSED: 'Der er lukket for bets i denne runde.', SESSION_INVALID: 'Din spilsession er udløbet. Åbn bordet igen fra casinoet.', PLAYER_BLOCKED: 'Du kan ikke spille lige nu.', LIMIT_REACHED: 'Bettet går over en af dine grænser.', BET_NOT_ALLOWED: 'Bettet er ikke tilladt.', BET_REFUSED: 'Bettet er ikke gyldigt ved dette bord.' };
async function place(bets) {
  if (!round || round.state !== 'betting') { $('[data-testid=live-message]').textContent = MESSAGES.BETTING_CLOSED; return; }
  const res = await fetch('/client/api/bets', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ launch: config.launch, roundId: round.roundId, bets }) });
  const body = await res.json().catch(() => ({}));
  if (res.ok) { if (config.kind === 'blackjack') mainStake = bets[0].stakeOre; mine += bets.reduce((s, b) => s + b.stakeOre, 0); $('[data-testid=live-my-bets]').textContent = 'Dine bets: ' + kr(mine); $('[data-testid=live-message]').textContent = 'Bet modtaget.'; }
  else $('[data-testid=live-message]').textContent = MESSAGES[body.status] || 'Bettet kunne ikke placeres. Prøv igen.';
}
document.querySelectorAll('.spot').forEach((b) => b.addEventListener('click', () => {
  if (config.kind === 'blackjack') place([{ stakeOre: chip }]);
  else if (config.kind === 'money-wheel') place([{ number: Number(b.dataset.number), stakeOre: chip }]);
  else place([{ ...JSON.parse(b.dataset.bet), stakeOre: chip }]);
}));
const RANKS = ['2','3','4','5','6','7','8','9','10','J','D','K','E'];
const SUITS = ['♣','♦','♥','♠'];
const card = (c) => RANKS[c >> 2] + SUITS[c & 3];
document.querySelectorAll('.move').forEach((b) => b.addEventListener('click', async () => {
  const res = await fetch('/client/api/blackjack/act', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ launch: config.launch, roundId: round && round.roundId, action: b.dataset.move }) });
  const body = await res.json().catch(() => ({}));
  $('[data-testid=live-message]').textContent = res.ok ? '' : MESSAGES[body.status] || 'Trækket kunne ikke udføres.';
  if (res.ok && body.hand) hand(body.hand);
  if (res.ok && (b.dataset.move === 'double' || b.dataset.move === 'split')) { mine += mainStake; $('[data-testid=live-my-bets]').textContent = 'Dine bets: ' + kr(mine); }
}));
function hand(view) {
  $('[data-testid=live-hand-cards]').textContent = view.hands.map((h) => h.cards.map(card).join(' ')).join('  |  ');
  document.querySelectorAll('.move').forEach((m) => { m.disabled = !view.legal.includes(m.dataset.move); });
}
function describe(result) {
  if (!result) return '';
  if ('dealerTotal' in result) return 'Dealer ' + result.dealerTotal;
  if (result.kind === 'roulette') return String(result.pocket);
  if (result.kind === 'money-wheel') return result.number + (result.multiplier > 1 ? ' × ' + result.multiplier : '');
  return '';
}
async function check(r) {
  const text = r.roundId + '|' + JSON.stringify(r.result) + '|' + r.nonce;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  const hex = [...new Uint8Array(digest)].map((x) => x.toString(16).padStart(2, '0')).join('');
  return hex === r.commitment;
}
async function poll() {
  try {
    const res = await fetch('/client/api/state?launch=' + encodeURIComponent(config.launch));
    if (res.status === 401) { $('[data-testid=live-state]').textContent = MESSAGES.SESSION_INVALID; return; }
    const state = await res.json();
    if (!round || round.roundId !== state.round.roundId) { mine = 0; $('[data-testid=live-my-bets]').textContent = 'Dine bets: 0 kr.'; }
    round = state.round;
    const left = Math.max(0, Math.ceil((Date.parse(round.bettingClosesAt) - Date.now()) / 1000));
    const decideLeft = Math.max(0, Math.ceil((Date.parse(round.resultAt) - Date.now()) / 1000));
    $('[data-testid=live-state]').textContent = round.state === 'betting' ? 'Placér dine bets: ' + left + ' s' : round.state === 'closed' ? (config.kind === 'blackjack' ? 'Træf dit valg: ' + decideLeft + ' s' : 'Der er lukket for bets') : round.state === 'void' ? 'Runden er annulleret, og alle bets gives tilbage' : 'Resultat';
    $('[data-testid=live-state]').dataset.state = round.state;
    $('[data-testid=live-result]').textContent = round.state === 'result' && config.kind !== 'blackjack' ? describe(round.result) : '';
    if (config.kind === 'blackjack') {
      const bj = state.blackjack;
      $('[data-testid=live-dealer-cards]').textContent = !bj ? '–' : bj.dealer ? bj.dealer.map(card).join(' ') : card(bj.deal.dealerUp);
      if (bj && bj.hand) hand(bj.hand);
      else { $('[data-testid=live-hand-cards]').textContent = bj ? bj.deal.player.map(card).join(' ') + ' (uden indsats)' : '–'; document.querySelectorAll('.move').forEach((m) => { m.disabled = true; }); }
      if (round.state !== 'closed') document.querySelectorAll('.move').forEach((m) => { m.disabled = true; });
      if (bj && bj.settlement) $('[data-testid=live-result]').textContent = 'Du får ' + kr(bj.settlement.totalReturnOre);
    }
    const wheel = document.querySelector('.wheel .spin');
    if (wheel && round.state === 'result' && wheel.dataset.round !== round.roundId) {
      // The field the round ended on comes to rest under the pointer (several turns first).
      const fields = Number(document.querySelector('.wheel').dataset.fields);
      const index = round.result.kind === 'roulette' ? WHEEL.indexOf(round.result.pocket) : round.result.fields[round.result.fields.length - 1];
      turns += 3;
      wheel.dataset.round = round.roundId;
      wheel.style.transform = 'rotate(' + (turns * 360 - ((index + 0.5) * 360) / fields) + 'deg)';
    }
    $('[data-testid=live-last-results]').innerHTML = state.lastResults.map((r) => '<li>' + describe({ kind: config.kind, ...r }) + '</li>').join('');
    if (round.state === 'result' && shownFor !== round.roundId) {
      shownFor = round.roundId;
      $('[data-testid=live-proof]').textContent = (await check(round)) ? 'Resultatet matcher studiets forpligtelse fra rundens start (' + round.commitment.slice(0, 16) + '…).' : 'Resultatet matcher IKKE studiets forpligtelse.';
    } else if (round.state === 'betting') $('[data-testid=live-proof]').textContent = 'Studiets forpligtelse til resultatet: ' + round.commitment.slice(0, 16) + '…';
  } catch { $('[data-testid=live-state]').textContent = 'Forbindelsen til studiet er afbrudt. Prøver igen …'; }
}
poll(); setInterval(poll, 1000);
</script></body></html>`;
}
