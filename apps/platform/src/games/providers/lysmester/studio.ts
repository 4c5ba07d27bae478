import { z } from 'zod';
import { LYSMESTER_PROVIDER_ID } from '../../providers.js';
import {
  LIVE_KINDS,
  LIVE_ROUND_STATES,
  LiveStudioUnavailable,
  type LiveResultSummary,
  type LiveStudio,
  type LiveStudioLobby,
  type LiveStudioTable,
} from '../../live/types.js';

/*
 * Lysmester Live's operator API, our side (the studio's side: apps/sims/src/live/studio.ts): its
 * lobby (`GET /api/v1/lobby`), the lobby as server-sent events (`GET /api/v1/lobby/stream`) and a
 * player's launch (`POST /api/v1/launch`), each with our operator id and key in
 * `x-lysmester-operator` / `x-lysmester-key`. The one place the platform calls the studio: its
 * shapes are read here and turned into the live casino's (live/types.ts).
 */

export interface LysmesterStudioOptions {
  url: string;
  operatorId: string;
  apiKey: string;
  /** How long a lobby read or a launch may take (the stream has no end). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The most of a lobby answer (or one stream event) read: a studio's whole floor is a few kilobytes. */
const MAX_LOBBY_BYTES = 2 * 1024 * 1024;
const MAX_TABLES = 200;
const MAX_RESULTS = 20;

const ore = z.number().int().min(1).max(1_000_000_000);
const instant = z.iso.datetime({ offset: true });
const studioTable = z
  .object({
    tableId: z.string().min(1).max(80),
    name: z.string().min(1).max(80),
    kind: z.enum(LIVE_KINDS),
    dealer: z.string().max(60),
    // Read apart (filmed()): a table whose video does not read is shown drawn, not left out.
    video: z.unknown().optional(),
    open: z.boolean(),
    limits: z.object({ minBet: ore, maxBet: ore, currency: z.literal('DKK') }),
    maxRoundStake: ore,
    rtp: z.number().gt(0).max(1),
    rtpIsUpTo: z.boolean(),
    largestWin: z.object({ units: z.number().int().min(1).max(1e12), cost: z.number().int().min(1).max(1e6) }),
    players: z.number().int().min(0).max(10_000_000),
    round: z.object({
      roundId: z.string().min(1).max(100),
      state: z.enum(LIVE_ROUND_STATES),
      bettingClosesAt: instant,
      resultAt: instant,
    }),
    lastResults: z.array(z.unknown()).max(100),
  })
  .refine((table) => table.limits.maxBet >= table.limits.minBet && table.maxRoundStake >= table.limits.maxBet);
const studioLobby = z.object({ studio: z.string().min(1).max(80), tables: z.array(z.unknown()).max(MAX_TABLES) });
const launchAnswer = z.object({ gameUrl: z.url({ protocol: /^https?$/ }).max(2000) });

/** A table's video stream as the studio sends it; `null` (or anything else) is a table without video. */
const videoStream = z.object({ url: z.string().min(1).max(2000) });
/**
 * Whether the studio films the table: only when it sends a stream (`{ url }`). Missing, null or a
 * shape we do not know reads as no video, the stricter reading (danish-rules.md: a drawn table shown
 * as live is labelled for what it is).
 */
const filmed = (video: unknown) => videoStream.safeParse(video).success;

const SUMMARY_FIELDS = ['pocket', 'number', 'multiplier', 'dealerTotal'] as const;

/** A shown result's fields we know (small whole numbers); anything else of it is left out. */
function summaryOf(value: unknown): LiveResultSummary | null {
  if (typeof value !== 'object' || value === null) return null;
  const summary: LiveResultSummary = {};
  for (const field of SUMMARY_FIELDS) {
    const given = (value as Record<string, unknown>)[field];
    if (Number.isSafeInteger(given) && (given as number) >= 0 && (given as number) <= 1_000_000) summary[field] = given as number;
  }
  return Object.keys(summary).length > 0 ? summary : null;
}

/**
 * The studio's lobby in our words. A table that does not read as the protocol says is left out (a
 * studio's one bad table does not take the others' state away); the lobby itself must read.
 */
export function readLobby(body: unknown): LiveStudioLobby {
  const lobby = studioLobby.parse(body);
  const tables: LiveStudioTable[] = [];
  for (const entry of lobby.tables) {
    const parsed = studioTable.safeParse(entry);
    if (!parsed.success) continue;
    const table = parsed.data;
    tables.push({
      tableId: table.tableId,
      name: table.name,
      kind: table.kind,
      dealer: table.dealer,
      video: filmed(table.video),
      open: table.open,
      players: table.players,
      minBetOre: table.limits.minBet,
      maxBetOre: table.limits.maxBet,
      maxRoundStakeOre: table.maxRoundStake,
      rtp: table.rtp,
      rtpIsUpTo: table.rtpIsUpTo,
      largestWin: { units: table.largestWin.units, cost: table.largestWin.cost },
      round: {
        roundId: table.round.roundId,
        state: table.round.state,
        bettingClosesAt: table.round.bettingClosesAt,
        resultAt: table.round.resultAt,
      },
      lastResults: table.lastResults.flatMap((result) => summaryOf(result) ?? []).slice(0, MAX_RESULTS),
    });
  }
  return { studio: lobby.studio, tables };
}

/** A body read to its end, refused past `maxBytes`. */
async function readLimited(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    if (bytes > maxBytes) throw new LiveStudioUnavailable(`the studio's answer is larger than ${maxBytes} bytes`);
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * One server-sent-events stream read event by event: `onEvent(name, data)` for each event,
 * `onComment` for each comment line (the studio's `: ping`). An event larger than the limit breaks it.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (name: string, data: string) => void,
  onComment: () => void,
): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = '';
  const dispatch = (block: string) => {
    let name = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) onComment();
      else if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length > 0) onEvent(name, data.join('\n'));
  };
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      dispatch(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
    }
    if (buffer.length > MAX_LOBBY_BYTES) throw new LiveStudioUnavailable('an event of the lobby stream is too large');
  }
}

/** Lysmester Live's operator API as the live casino's `LiveStudio`. */
export function createLysmesterStudio(options: LysmesterStudioOptions): LiveStudio {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 5_000;
  const send = options.fetch ?? fetch;
  const headers = { 'x-lysmester-operator': options.operatorId, 'x-lysmester-key': options.apiKey };

  async function lobby(): Promise<LiveStudioLobby> {
    const response = await send(`${base}/api/v1/lobby`, { headers, signal: AbortSignal.timeout(timeoutMs) });
    const text = await readLimited(response, MAX_LOBBY_BYTES);
    if (response.status !== 200) throw new LiveStudioUnavailable(`the studio's lobby answered ${response.status}`, response.status);
    return readLobby(JSON.parse(text));
  }

  async function streamLobby(
    handlers: { onLobby: (lobby: LiveStudioLobby) => void; onAlive: () => void },
    signal: AbortSignal,
  ): Promise<void> {
    // Only the connection is timed: once open, the stream lasts as long as the studio keeps it.
    const controller = new AbortController();
    const stop = () => controller.abort(signal.reason);
    if (signal.aborted) stop();
    signal.addEventListener('abort', stop, { once: true });
    const connecting = setTimeout(() => controller.abort(new Error('the lobby stream did not open in time')), timeoutMs);
    try {
      const response = await send(`${base}/api/v1/lobby/stream`, {
        headers: { ...headers, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      clearTimeout(connecting);
      if (response.status !== 200 || !response.body) {
        await response.body?.cancel();
        throw new LiveStudioUnavailable(`the studio's lobby stream answered ${response.status}`, response.status);
      }
      await readEventStream(
        response.body,
        (name, data) => {
          if (name === 'lobby') handlers.onLobby(readLobby(JSON.parse(data)));
          handlers.onAlive();
        },
        handlers.onAlive,
      );
    } finally {
      clearTimeout(connecting);
      signal.removeEventListener('abort', stop);
    }
  }

  async function launch(input: { sessionToken: string; playerRef: string; tableId: string; lobbyUrl: string }) {
    let response: Response;
    try {
      response = await send(`${base}/api/v1/launch`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          operatorId: options.operatorId,
          sessionToken: input.sessionToken,
          playerRef: input.playerRef,
          tableId: input.tableId,
          currency: 'DKK',
          language: 'da',
          lobbyUrl: input.lobbyUrl,
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new LiveStudioUnavailable(`the studio's launch did not answer: ${(error as Error).message}`);
    }
    const text = await readLimited(response, 64 * 1024).catch(() => '');
    if (response.status !== 200) {
      const status = (() => {
        try {
          return String((JSON.parse(text) as { status?: unknown }).status ?? '');
        } catch {
          return '';
        }
      })();
      throw new LiveStudioUnavailable(`the studio refused the launch: ${response.status} ${status.slice(0, 40)}`, response.status);
    }
    const answer = launchAnswer.safeParse(
      (() => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          return null;
        }
      })(),
    );
    if (!answer.success) throw new LiveStudioUnavailable("the studio's launch answer has no game address");
    return { gameUrl: answer.data.gameUrl };
  }

  return { providerId: LYSMESTER_PROVIDER_ID, lobby, streamLobby, launch };
}
