import type { RecordedExchange } from '../core/events.js';
import { redact, redactJsonText } from '../redact.js';

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * A curl line that reproduces a journaled exchange. The credential is never written: it reads
 * $ACCESS_TOKEN from the shell instead, so the line is runnable and safe to share.
 */
export function curlLine(ex: Pick<RecordedExchange, 'method' | 'url' | 'requestHeaders' | 'requestBody'>): string {
  const parts = ['curl', '-sS', '-X', ex.method, shellQuote(redact(ex.url))];
  for (const [k, v] of Object.entries(ex.requestHeaders)) {
    const name = k.toLowerCase();
    if (name === 'authorization') parts.push('-H', '"Authorization: Bearer $ACCESS_TOKEN"');
    else if (name !== 'accept' && name !== 'user-agent' && name !== 'accept-encoding')
      parts.push('-H', shellQuote(`${k}: ${redact(v)}`));
  }
  if (ex.requestBody !== undefined) parts.push('--data-raw', shellQuote(redactJsonText(ex.requestBody)));
  return parts.join(' ');
}

/**
 * The same command folded to `width` with backslash continuations, for a console that must not
 * wrap: a GET's query pairs as `-G -d 'k=v'` (sent as they are, so the bytes do not change), a
 * JSON body pretty-printed inside its quotes. Pasted into a shell, it runs as the one-line form.
 */
export function curlLines(
  ex: Pick<RecordedExchange, 'method' | 'url' | 'requestHeaders' | 'requestBody'>,
  width: number,
): string[] {
  const one = curlLine(ex);
  if (one.length <= width) return [one];
  const url = redact(ex.url);
  const q = url.indexOf('?');
  const groups: string[] = [];
  if (ex.method === 'GET' && q >= 0) {
    groups.push(`curl -sS -G ${shellQuote(url.slice(0, q))}`);
    for (const pair of url
      .slice(q + 1)
      .split('&')
      .filter(Boolean))
      groups.push(`-d ${shellQuote(pair)}`);
  } else groups.push(`curl -sS -X ${ex.method}`, shellQuote(url));
  for (const [k, v] of Object.entries(ex.requestHeaders)) {
    const name = k.toLowerCase();
    if (name === 'authorization') groups.push('-H "Authorization: Bearer $ACCESS_TOKEN"');
    else if (name !== 'accept' && name !== 'user-agent' && name !== 'accept-encoding')
      groups.push(`-H ${shellQuote(`${k}: ${redact(v)}`)}`);
  }
  let body: string[] = [];
  if (ex.requestBody !== undefined) {
    const text = redactJsonText(ex.requestBody);
    let pretty = text;
    try {
      const lines = JSON.stringify(JSON.parse(text), null, 2);
      // A long batch stays on one line: forty lines of body would bury the failure.
      if (lines.split('\n').length <= 40) pretty = lines;
    } catch {
      /* not JSON: sent as recorded */
    }
    body = `--data-raw ${shellQuote(pretty)}`.split('\n');
  }
  const lines: string[] = [];
  let line = '';
  for (const g of groups) {
    if (line && line.length + 1 + g.length + 2 > width) {
      lines.push(`${line} \\`);
      line = `  ${g}`;
    } else line = line ? `${line} ${g}` : g;
  }
  if (body.length) {
    lines.push(`${line} \\`);
    lines.push(`  ${body[0]}`, ...body.slice(1));
  } else lines.push(line);
  return lines;
}

/** `GET /v2/items?companyId=…&page=1 → 200`: the request line as a reader scans it. */
export function requestLine(ex: Pick<RecordedExchange, 'method' | 'url' | 'status' | 'error'>): string {
  let path = ex.url;
  try {
    const u = new URL(ex.url);
    path = decodeURIComponent(u.pathname + u.search);
  } catch {
    /* not a URL: shown as recorded */
  }
  return `${ex.method} ${redact(path)} → ${ex.status ?? `no answer${ex.error ? ` (${ex.error})` : ''}`}`;
}

/** Where the run found its settings, as run.json keeps them: enough to say how a replay gets the token. */
export interface ReplayFacts {
  configSources?: Record<string, string>;
  target: { kind: 'embedded' | 'live'; url: string };
}

/**
 * The shell lines that give a replay its $ACCESS_TOKEN the way the run got it, never the value:
 * source the same env file, rename a prefixed variable, or say how to export it.
 */
export function tokenLines(facts: ReplayFacts): string[] {
  if (facts.target.kind === 'embedded')
    return [
      "# The run's embedded mock lived only for the run: start one (npm run mock), export the BASE_URL and",
      '# ACCESS_TOKEN it prints, and put its address in place of the one below.',
    ];
  const from = facts.configSources?.ACCESS_TOKEN ?? 'default';
  // A prefixed name (PARTNER_CONFORMANCE_ACCESS_TOKEN) is copied to the one the lines read.
  const alias = /, as (\S+)$/.exec(from)?.[1] ?? /^environment (\S+)$/.exec(from)?.[1];
  const rename = alias && alias !== 'ACCESS_TOKEN' ? [`ACCESS_TOKEN="$${alias}"`] : [];
  const envFile = /^env file (.+?)(?:, as \S+)?$/.exec(from)?.[1];
  if (envFile) {
    const path = /^(\/|\.\.?\/)/.test(envFile) ? envFile : `./${envFile}`;
    return [
      '# The token from the env file the run read (run it where the run ran):',
      `set -a; . ${/^[\w./-]+$/.test(path) ? path : shellQuote(path)}; set +a`,
      ...rename,
    ];
  }
  if (from.startsWith('environment'))
    return [
      `# The run took ACCESS_TOKEN from the environment${rename.length ? ` (as ${alias})` : ''}: export it the same way first.`,
      ...rename,
    ];
  if (from.startsWith('config file'))
    return [
      `# The run read ACCESS_TOKEN from ${from.slice('config file '.length)}: export ACCESS_TOKEN with that value first.`,
    ];
  if (facts.configSources?.PARTNER_ID && facts.configSources.PARTNER_ID !== 'default')
    return [
      '# The run logged in with PARTNER_ID and AUTH_KEY: export ACCESS_TOKEN=<the accessToken that login answers> first.',
    ];
  return ['# Export ACCESS_TOKEN (the bearer token the run used) first.'];
}

/** The first path segment after the target's base path: the collection an exchange is about (`items`). */
function collectionOf(url: string, base: string): string | undefined {
  try {
    const basePath = new URL(base).pathname.replace(/\/+$/, '');
    const path = new URL(url).pathname;
    const rest = path.startsWith(basePath) ? path.slice(basePath.length) : path;
    return rest.split('/').filter(Boolean)[0];
  } catch {
    return undefined;
  }
}

/** Writes shown before a failure's own exchange: the ones that stored what it read. */
const MAX_WRITES = 8;

/**
 * The exchanges that produced a failure, in the order they were sent: the writes to the same
 * collection that came before it (the check's own and its shared fixtures'), then the exchange the
 * failure was judged from. A failure judged from a read then replays with the write that stored
 * the value (issue 36 case 5), not the read alone.
 */
export function replaySequence(
  ex: RecordedExchange,
  evidence: readonly RecordedExchange[],
  base: string,
): { writes: RecordedExchange[]; earlier: number } {
  const collection = collectionOf(ex.url, base);
  const writes = [...evidence]
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt))
    .filter(
      (w) =>
        w.id !== ex.id &&
        w.method !== 'GET' &&
        w.startedAt <= ex.startedAt &&
        w.status !== undefined &&
        collectionOf(w.url, base) === collection,
    );
  return { writes: writes.slice(-MAX_WRITES), earlier: Math.max(0, writes.length - MAX_WRITES) };
}

/**
 * A failure's replay as shell lines: how the token is loaded, then each exchange of its sequence as
 * a curl line under a comment naming it (folded to `width` when given).
 */
export function replayLines(
  ex: RecordedExchange,
  evidence: readonly RecordedExchange[],
  facts: ReplayFacts,
  width = Infinity,
): string[] {
  const { writes, earlier } = replaySequence(ex, evidence, facts.target.url);
  const steps = [...writes, ex];
  const lines = [...tokenLines(facts)];
  if (earlier) lines.push(`# (${earlier} earlier writes to the same collection are in exchanges.har)`);
  steps.forEach((s, i) => {
    const role =
      i === steps.length - 1
        ? 'the exchange the failure was judged from'
        : `${s.owner.startsWith('shared:') ? 'a shared fixture' : 'the check'}'s write`;
    lines.push(`# ${i + 1}/${steps.length} ${requestLine(s)}: ${role}`);
    lines.push(...(Number.isFinite(width) ? curlLines(s, width) : [curlLine(s)]));
  });
  if (writes.length) lines.push('# The writes store records again on the target: archive them afterwards.');
  return lines;
}

/**
 * A failure's replay from every exchange journaled so far (the console, while the run goes): the
 * check's own, the ones it cited and its shared fixtures'.
 */
export function replayOfCheck(
  check: { key: string; cited: readonly { id: string }[]; shared?: readonly string[] },
  exchangeId: string,
  exchange: (id: string) => RecordedExchange | undefined,
  all: readonly RecordedExchange[],
  facts: ReplayFacts,
  width = Infinity,
): string[] | undefined {
  const ex = exchange(exchangeId);
  if (!ex) return undefined;
  const owners = new Set([check.key, ...(check.shared ?? []).map((k) => `shared:${k}`)]);
  const cited = new Set(check.cited.map((c) => c.id));
  // Owners are check keys, the same on every target of a self-check: only this exchange's target counts.
  const evidence = all.filter((x) => x.target === ex.target && (owners.has(x.owner) || cited.has(x.id)));
  return replayLines(ex, evidence, facts, width);
}
