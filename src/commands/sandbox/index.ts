import { Command, Option } from 'commander';
import { parseFlavor } from '../../api/dialect.js';
import type { Context } from '../../context.js';
import { LocalError, UsageError } from '../../errors.js';
import { parseInteger } from '../../executor/validate.js';
import { MAX_ARTIFACT_MB } from '../../sandbox/zip.js';

interface SandboxFlags {
  port?: string;
  bind?: string;
  seed?: string;
  latency?: string;
  bandwidth?: string;
  artifactMb?: string;
  flavor?: string;
  timeScale?: string;
}

function parseSeed(raw: string | undefined): 'demo' | 'empty' | number {
  if (raw === undefined || raw === 'demo') return 'demo';
  if (raw === 'empty') return 'empty';
  if (/^\d+$/.test(raw)) return parseInteger(raw, '--seed', 0, 1_000_000);
  throw new UsageError(`invalid value for --seed: "${raw}" is not demo, empty or a number of issues`);
}

async function sandbox(ctx: Context, flags: SandboxFlags): Promise<void> {
  const port = flags.port === undefined ? 0 : parseInteger(flags.port, '--port', 0, 65535);
  // `--host` is the global instance flag; for the sandbox it names the address to bind.
  const host = flags.bind ?? ctx.settings.flags.host ?? '127.0.0.1';
  if (/^[a-z]+:\/\//i.test(host))
    throw new UsageError(`invalid value for --host: "${host}" is an address to bind (e.g. 127.0.0.1), not a URL`);
  const seed = parseSeed(flags.seed);
  const latencyMs = flags.latency === undefined ? 0 : parseInteger(flags.latency, '--latency', 0, 60_000);
  const bandwidthKiBps = flags.bandwidth === undefined ? 0 : parseInteger(flags.bandwidth, '--bandwidth', 1, 10_000_000);
  const artifactMb = flags.artifactMb === undefined ? undefined : parseInteger(flags.artifactMb, '--artifact-mb', 1, MAX_ARTIFACT_MB);
  const flavor = parseFlavor(flags.flavor ?? 'spec', '--flavor');
  const timeScale = flags.timeScale === undefined ? 1 : Number(flags.timeScale);
  if (!(timeScale >= 0) || flags.timeScale?.trim() === '')
    throw new UsageError(`invalid value for --time-scale: "${flags.timeScale}" is not a number from 0`);
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
      `try: COLLAB_HOST=${handle.url} COLLAB_TOKEN=${handle.tokens.find((t) => t.kind === 'private')?.token ?? ''} ${seed === 'empty' ? 'collab user me' : 'collab issue list -p acme/platform/api'}`,
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

export function build(getCtx: () => Context): Command {
  return (
    new Command('sandbox')
      .description('Run a local, in-memory server that speaks the whole API, seeded with demo data')
      .option('--port <n>', 'port to listen on (0 = a free one)', '0')
      .option('--bind <address>', 'address to listen on (default 127.0.0.1; --host works too)')
      .option('--seed <demo|empty|n>', 'demo data, nothing, or demo data with n issues in acme/platform/api', 'demo')
      .option('--latency <ms>', 'delay every response by this many milliseconds')
      .option('--bandwidth <KiB/s>', 'send every response through one link of this speed (20 Mbit/s is 2441)')
      .option('--artifact-mb <n>', `make the artifact of job "package" on main this large (streamed; at most ${MAX_ARTIFACT_MB})`)
      .option('--flavor <spec|gitlab>', "the API dialect served: the spec's, or GitLab's (names, methods, answers, GET /version)", 'spec')
      // For tests (src/sandbox/README.md): the sandbox's waits last this many times as long, 0 ends them at once.
      .addOption(new Option('--time-scale <n>', "scale of the sandbox's waits").hideHelp())
      .addHelpText(
        'after',
        `\nThe sandbox prints its URL and demo tokens; -o json prints them as one JSON object.\n\nExamples:\n  $ collab sandbox --port 8080\n  $ collab sandbox --flavor gitlab\n  $ collab sandbox --seed 10000 --latency 20 -o json\n  $ collab sandbox --seed 10000 --latency 40 --bandwidth 2441   # a 20 Mbit/s link\n  $ COLLAB_HOST=http://127.0.0.1:8080 COLLAB_TOKEN=sandbox-user-token collab issue list -p acme/platform/api\n`,
      )
      .action((flags: SandboxFlags) => sandbox(getCtx(), flags))
  );
}
