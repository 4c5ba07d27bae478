/** One event of a server-sent stream: its name and its data, parsed as JSON. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/**
 * A server-sent stream of the platform read as the storefront's server reads it (the live lobby,
 * the jackpots, the new winners): each named event with JSON data as it comes (`events`), each
 * comment block (`comments`, e.g. `: ping`), `next` to wait for an event, `ended` when the stream
 * ends, `close` to leave it.
 */
export async function readEventStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const waiting: (() => void)[] = [];
  const wake = () => waiting.splice(0).forEach((resolve) => resolve());
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          if (lines[0]!.startsWith(':')) comments.push(lines.join('\n'));
          const event = lines.find((line) => line.startsWith('event: '));
          const data = lines.find((line) => line.startsWith('data: '));
          if (event && data) events.push({ event: event.slice(7), data: JSON.parse(data.slice(6)) });
        }
        wake();
      }
    } catch {
      // Aborted by the test, or ended by the platform.
    }
    wake();
  })();
  /** The first event named `name`, from index `from` on, whose data passes `test`. */
  const next = async <T>(name: string, test: (data: T) => boolean = () => true, from = 0, timeoutMs = 5_000): Promise<T> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = events.slice(from).find((entry) => entry.event === name && test(entry.data as T));
      if (found) return found.data as T;
      if (Date.now() > until) throw new Error(`no ${name} event in ${timeoutMs} ms (${JSON.stringify(events).slice(0, 500)})`);
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  return { response, events, comments, next, ended, close: () => controller.abort() };
}
