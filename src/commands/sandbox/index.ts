import { parseFlavor } from '../../config/detect-flavor.js';
import type { Context } from '../../context.js';
import { LocalError, UsageError } from '../../errors.js';
import type { FlagSpec, Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { parseInteger } from '../../executor/validate.js';
import { MAX_ARTIFACT_MB } from '../../sandbox/limits.js';

const sandboxFlags = [
  { name: 'port', type: 'int', min: 0, max: 65535, default: '0', description: 'port to listen on (0 = a free one)' },
  { name: 'bind', type: 'string', value: '<address>', description: 'address to listen on (default 127.0.0.1; --host works too)' },
  {
    name: 'seed',
    type: 'string',
    value: '<demo|empty|n>',
    default: 'demo',
    description: 'demo data, nothing, or demo data with n issues in acme/platform/api',
  },
  { name: 'latency', type: 'int', min: 0, max: 60_000, value: '<ms>', description: 'delay every response by this many milliseconds' },
  {
    name: 'bandwidth',
    type: 'int',
    min: 1,
    max: 10_000_000,
    value: '<KiB/s>',
    description: 'send every response through one link of this speed (20 Mbit/s is 2441)',
  },
  {
    name: 'artifact-mb',
    type: 'int',
    min: 1,
    max: MAX_ARTIFACT_MB,
    description: `make the artifact of job "package" on main this large (streamed; at most ${MAX_ARTIFACT_MB})`,
  },
  {
    name: 'flavor',
    type: 'string',
    value: '<spec|gitlab>',
    default: 'spec',
    description: "the API dialect served: the spec's, or GitLab's (names, methods, answers, GET /version)",
  },
  // For tests (src/sandbox/README.md): the sandbox's waits last this many times as long, 0 ends them at once.
  { name: 'time-scale', type: 'number', min: 0, hidden: true, value: '<n>', description: "scale of the sandbox's waits" },
] as const satisfies readonly FlagSpec[];

function parseSeed(raw: string | undefined): 'demo' | 'empty' | number {
  if (raw === undefined || raw === 'demo') return 'demo';
  if (raw === 'empty') return 'empty';
  if (/^\d+$/.test(raw)) return parseInteger(raw, '--seed', 0, 1_000_000);
  throw new UsageError(`invalid value for --seed: "${raw}" is not demo, empty or a number of issues`);
}

async function sandbox(ctx: Context, { flags }: Values<typeof sandboxFlags>): Promise<void> {
  const port = flags.port ?? 0;
  // `--host` is the global instance flag; for the sandbox it names the address to bind.
  const host = flags.bind ?? ctx.settings.flags.host ?? '127.0.0.1';
  if (/^[a-z]+:\/\//i.test(host))
    throw new UsageError(`invalid value for --host: "${host}" is an address to bind (e.g. 127.0.0.1), not a URL`);
  const seed = parseSeed(flags.seed);
  const latencyMs = flags.latency ?? 0;
  const bandwidthKiBps = flags.bandwidth ?? 0;
  const artifactMb = flags['artifact-mb'];
  const flavor = parseFlavor(flags.flavor ?? 'spec', '--flavor');
  const timeScale = flags['time-scale'] ?? 1;
  const { startSandbox, scaledClock } = await import('../../sandbox/index.js');
  let handle: Awaited<ReturnType<typeof startSandbox>>;
  try {
    const clock = timeScale === 1 ? undefined : scaledClock(timeScale);
    handle = await startSandbox({ port, host, seed, latencyMs, bandwidthKiBps, artifactMb, flavor, clock });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'EADDRINUSE')
      throw new LocalError(`port ${port} on ${host} is already in use`, 'pick another with --port, or --port 0 for a free one');
    if (e.code === 'EADDRNOTAVAIL' || e.code === 'EACCES') throw new LocalError(`cannot listen on ${host}:${port}: ${e.code}`);
    throw err;
  }
  const format = ctx.settings.output();
  if (format === 'json' || format === 'ndjson') {
    ctx.io.stdout.write(
      `${JSON.stringify({ url: handle.url, api: `${handle.url}/api/v4`, port: handle.port, flavor, tokens: handle.tokens })}\n`,
    );
  } else {
    const lines = [
      `collab sandbox listening on ${handle.url} (API ${handle.url}/api/v4)`,
      `seed: ${seed}, flavor: ${flavor}${latencyMs ? `, latency ${latencyMs} ms` : ''}${bandwidthKiBps ? `, bandwidth ${bandwidthKiBps} KiB/s shared` : ''}${artifactMb ? `, large artifact ${artifactMb} MiB` : ''}`,
      ...handle.tokens.map((t) => `token ${t.token}  ${t.kind.padEnd(7)} ${t.username}${t.admin ? ' (admin)' : ''}  ${t.note}`),
      `try: COLLAB_HOST=${handle.url} ` +
        `COLLAB_TOKEN=${handle.tokens.find((t) => t.kind === 'private')?.token ?? ''} ` +
        `${seed === 'empty' ? 'collab user me' : 'collab issue list -p acme/platform/api'}`,
      'stop with Ctrl-C',
    ];
    ctx.io.stdout.write(`${lines.join('\n')}\n`);
  }
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) return resolve();
    ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await handle.close();
  ctx.io.stderr.write('collab sandbox stopped\n');
}

export const command = defineCommand({
  name: 'sandbox',
  summary: 'Run a local, in-memory server that speaks the whole API, seeded with demo data',
  notes: 'The sandbox prints its URL and demo tokens; -o json prints them as one JSON object.',
  examples: [
    'collab sandbox --port 8080',
    'collab sandbox --flavor gitlab',
    'collab sandbox --seed 10000 --latency 20 -o json',
    'collab sandbox --seed 10000 --latency 40 --bandwidth 2441   # a 20 Mbit/s link',
    'COLLAB_HOST=http://127.0.0.1:8080 COLLAB_TOKEN=sandbox-user-token collab issue list -p acme/platform/api',
  ],
  flags: sandboxFlags,
  run: sandbox,
});
