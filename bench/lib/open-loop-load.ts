/**
 * Paced load for the soak: requests start at a fixed rate whatever the answers take (an open
 * loop, as students arrive), over at most `maxInFlight` keep-alive connections. A request that
 * finds every connection busy waits its turn, and its latency counts from when it was due, so a
 * slow server shows as latency instead of as a lower rate (no coordinated omission). A backlog
 * past `maxBacklog` is dropped and counted: the server did not keep up.
 */
import { Agent, request as httpRequest } from 'node:http';

export interface Call {
  /** What the call stands for in the report ("GET /api/messages"). */
  kind: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** The statuses that are a correct answer; anything else is an error. */
  expect: readonly number[];
}

export interface Answer {
  status: number;
  body: string;
}

export interface CallRecord {
  kind: string;
  /** Milliseconds from when the call was due to its answer. */
  latencyMs: number;
  /** Empty when the answer was one of the expected; otherwise what went wrong. */
  error: string;
}

export interface LoadSettings {
  origin: string;
  ratePerSecond: number;
  seconds: number;
  maxInFlight: number;
  maxBacklog: number;
  timeoutMs: number;
  /** The next call of the steady mix. */
  nextCall: () => Call;
  onRecord: (record: CallRecord) => void;
}

export interface LoadClient {
  /** Sends one call now (outside the paced mix, e.g. an upload), resolving with its answer. */
  send(call: Call): Promise<Answer>;
}

function describeFailure(error: unknown): string {
  if (error instanceof Error && 'code' in error) return `socket ${String(error.code)}`;
  return error instanceof Error ? error.message : String(error);
}

export function loadClient(
  origin: string,
  maxInFlight: number,
  timeoutMs: number,
): LoadClient & { agent: Agent } {
  const agent = new Agent({ keepAlive: true, maxSockets: maxInFlight });
  return {
    agent,
    send: (call) =>
      new Promise((resolve, reject) => {
        const req = httpRequest(new URL(call.path, origin), {
          agent,
          method: call.method,
          headers: {
            ...call.headers,
            ...(call.body === undefined ? {} : { 'content-length': Buffer.byteLength(call.body) }),
          },
          timeout: timeoutMs,
        });
        req.on('timeout', () => {
          req.destroy(new Error(`timeout after ${timeoutMs} ms`));
        });
        req.on('error', reject);
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() });
          });
        });
        req.end(call.body);
      }),
  };
}

/** Runs `call` and records it, its latency counted from `dueAt`. */
export async function recordCall(
  client: LoadClient,
  call: Call,
  dueAt: number,
  onRecord: (record: CallRecord) => void,
): Promise<Answer | null> {
  try {
    const answer = await client.send(call);
    const expected = call.expect.includes(answer.status);
    onRecord({
      kind: call.kind,
      latencyMs: performance.now() - dueAt,
      error: expected ? '' : `status ${answer.status}`,
    });
    return expected ? answer : null;
  } catch (error) {
    onRecord({
      kind: call.kind,
      latencyMs: performance.now() - dueAt,
      error: describeFailure(error),
    });
    return null;
  }
}

const TICK_MS = 5;

/** The paced mix for `seconds`; resolves when every call started has been answered. */
export async function runOpenLoop(settings: LoadSettings, client: LoadClient): Promise<void> {
  const started = performance.now();
  const endsAt = started + settings.seconds * 1000;
  const backlog: number[] = [];
  let due = 0;
  let inFlight = 0;
  let settle: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });

  const dispatch = () => {
    while (inFlight < settings.maxInFlight && backlog.length > 0) {
      const dueAt = backlog.shift() ?? performance.now();
      inFlight += 1;
      void recordCall(client, settings.nextCall(), dueAt, settings.onRecord).then(() => {
        inFlight -= 1;
        dispatch();
      });
    }
    if (performance.now() >= endsAt && inFlight === 0 && backlog.length === 0) settle();
  };

  const timer = setInterval(() => {
    const now = Math.min(performance.now(), endsAt);
    const dueNow = Math.floor(((now - started) / 1000) * settings.ratePerSecond);
    for (; due < dueNow; due += 1) {
      const dueAt = started + (due * 1000) / settings.ratePerSecond;
      if (backlog.length >= settings.maxBacklog) {
        settings.onRecord({ kind: 'not sent', latencyMs: 0, error: 'dropped: server behind' });
      } else backlog.push(dueAt);
    }
    if (now >= endsAt) clearInterval(timer);
    dispatch();
  }, TICK_MS);
  await settled;
}
