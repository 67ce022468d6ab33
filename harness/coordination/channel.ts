import { BroadcastChannel, threadId } from 'node:worker_threads';
import type { Answer } from './coordinator.js';

/**
 * The coordination protocol between threads of one process, without HTTP. The run's workers are
 * threads of the main process (vitest's threads pool), and a run sends more coordination requests
 * than target requests (claims, admissions, reports: about 2,100 against 1,300 on the embedded
 * mock), each a loopback HTTP exchange of its own before this. Messages are JSON text, as on the
 * HTTP side, so both sides see what they saw before; a worker that gets no answer to its hello
 * (another process) keeps to HTTP, which the proxy still serves.
 *
 * One channel per worker thread, so no worker receives another's traffic: the worker says hello on
 * the run's channel, the main thread opens the worker's own channel and acknowledges on it, and
 * requests and answers go there.
 */

interface Request {
  id: number;
  /** The proxy origin the worker would have sent the request to: the target it is about. */
  origin: string;
  route: string;
  input: string;
}

interface Reply {
  id: number;
  status: number;
  body: string;
}

type Handler = (route: string, input: unknown) => Promise<Answer>;

const threadChannel = (name: string, thread: number) => `${name}:${thread}`;

/** The main thread's side: answers every worker of the run for each target registered by its origin. */
export class CoordinationBus {
  private readonly hello: BroadcastChannel;
  private readonly threads = new Map<number, BroadcastChannel>();
  private readonly handlers = new Map<string, Handler>();

  constructor(readonly name: string) {
    this.hello = new BroadcastChannel(name);
    this.hello.unref();
    this.hello.onmessage = (e) => this.greet(Number((e as MessageEvent).data));
  }

  register(origin: string, handler: Handler): void {
    this.handlers.set(origin, handler);
  }

  private greet(thread: number): void {
    if (!Number.isInteger(thread)) return;
    let channel = this.threads.get(thread);
    if (!channel) {
      const own = new BroadcastChannel(threadChannel(this.name, thread));
      own.unref();
      own.onmessage = (e) => void this.serve(own, (e as MessageEvent).data as Request | 'hello');
      this.threads.set(thread, own);
      channel = own;
    }
    channel.postMessage('ack');
  }

  private async serve(channel: BroadcastChannel, req: Request | 'hello'): Promise<void> {
    if (req === 'hello') return void channel.postMessage('ack');
    const handler = this.handlers.get(req.origin);
    let answer: Answer;
    if (!handler) answer = { status: 404, body: { error: `coordination: no target at ${req.origin}` } };
    else {
      try {
        answer = await handler(req.route, req.input ? JSON.parse(req.input) : {});
      } catch (err) {
        answer = { status: 500, body: { error: `coordination: ${(err as Error).message}` } };
      }
    }
    channel.postMessage({ id: req.id, status: answer.status, body: JSON.stringify(answer.body) } satisfies Reply);
  }

  close(): void {
    this.hello.close();
    for (const c of this.threads.values()) c.close();
    this.threads.clear();
  }
}

/** A worker thread's side: requests over its own channel once the main thread has acknowledged it. */
class ChannelClient {
  private readonly own: BroadcastChannel;
  private readonly pending = new Map<number, (r: Reply) => void>();
  private nextId = 1;
  readonly ready: Promise<boolean>;

  constructor(name: string, helloWithinMs: number) {
    this.own = new BroadcastChannel(threadChannel(name, threadId));
    this.own.unref();
    let acknowledged: (ok: boolean) => void = () => undefined;
    this.ready = new Promise((resolve) => (acknowledged = resolve));
    this.own.onmessage = (e) => {
      const data = (e as MessageEvent).data as Reply | 'ack';
      if (data === 'ack') return acknowledged(true);
      const done = this.pending.get(data.id);
      this.pending.delete(data.id);
      done?.(data);
    };
    // A hello posted before the main thread opened this worker's channel is lost: say it until answered.
    const hello = new BroadcastChannel(name);
    const say = () => hello.postMessage(threadId);
    const again = setInterval(say, 25);
    const giveUp = setTimeout(() => acknowledged(false), helloWithinMs);
    say();
    void this.ready.then(() => {
      clearInterval(again);
      clearTimeout(giveUp);
      hello.close();
    });
  }

  request(origin: string, route: string, body: unknown): Promise<Reply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      // While an answer is awaited, the channel keeps the worker alive, as an open socket did.
      this.own.ref();
      this.own.postMessage({ id, origin, route, input: JSON.stringify(body ?? {}) } satisfies Request);
    }).finally(() => {
      if (this.pending.size === 0) this.own.unref();
    }) as Promise<Reply>;
  }
}

const clients = new Map<string, ChannelClient>();

/**
 * This thread's client of the run's channel, or undefined when the main thread does not answer
 * (the worker is in another process): the caller then speaks HTTP.
 */
export async function channelClient(name: string, helloWithinMs = 2_000): Promise<ChannelClient | undefined> {
  let client = clients.get(name);
  if (!client) clients.set(name, (client = new ChannelClient(name, helloWithinMs)));
  return (await client.ready) ? client : undefined;
}
