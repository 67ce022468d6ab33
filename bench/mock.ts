import { fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startMock } from '../mock/server.js';

/**
 * `npm run bench:mock`: throughput of the embedded mock, not a test.
 * The mock runs in a child process so the load generator does not share its event loop.
 */

interface Ready {
  url: string;
  token: string;
  companyId: string;
}

const { values: args } = parseArgs({
  options: {
    serve: { type: 'boolean' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});

if (args.serve) {
  const mock = await startMock();
  const ready: Ready = { url: mock.url, token: mock.tokens.full, companyId: mock.fixtures.companyId };
  process.send!(ready);
  process.on('disconnect', () => void mock.stop().then(() => process.exit(0)));
} else {
  await bench(Number(args.duration), Number(args.connections));
}

function startChild(): Promise<{ ready: Ready; stop: () => void }> {
  const child = fork(process.argv[1]!, ['--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ ready: m as Ready, stop: () => child.disconnect() }));
    child.once('exit', (code) => reject(new Error(`mock child exited early (code ${code})`)));
  });
}

interface Figure {
  name: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(
  name: string,
  url: string,
  token: string,
  duration: number,
  connections: number,
): Promise<Figure> {
  const result = await autocannon({ url, duration, connections, headers: { authorization: `Bearer ${token}` } });
  return {
    name,
    requestsPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function bench(duration: number, connections: number): Promise<void> {
  const { ready, stop } = await startChild();
  const q = `companyId=${ready.companyId}`;
  const targets: [string, string][] = [
    ['GET /vehicles/{id}', `${ready.url}/vehicles/veh_harbor_0042?${q}`],
    ['GET /vehicles (size=20, page=3)', `${ready.url}/vehicles?${q}&size=20&page=3`],
    ['GET /vehicles (size=100, page=1)', `${ready.url}/vehicles?${q}&size=100&page=1`],
  ];
  try {
    // A short warm-up so the JIT and the token cache are hot before the timed runs.
    await autocannon({
      url: targets[0]![1],
      duration: 2,
      connections,
      headers: { authorization: `Bearer ${ready.token}` },
    });
    const figures: Figure[] = [];
    for (const [name, url] of targets) figures.push(await measure(name, url, ready.token, duration, connections));
    console.log(`\nmock throughput: ${duration} s each, ${connections} connections, node ${process.version}\n`);
    console.log('| request | req/s | p50 ms | p99 ms | non-2xx | errors |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const f of figures)
      console.log(`| ${f.name} | ${f.requestsPerSec} | ${f.p50} | ${f.p99} | ${f.non2xx} | ${f.errors} |`);
    const failed = figures.filter((f) => f.non2xx > 0 || f.errors > 0);
    if (failed.length) {
      console.error(`\nbench: ${failed.map((f) => f.name).join(', ')} had non-2xx answers or errors`);
      process.exitCode = 1;
    }
  } finally {
    stop();
  }
}
