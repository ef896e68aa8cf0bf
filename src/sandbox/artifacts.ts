import { Readable } from 'node:stream';
import type { Job } from './model-ci.js';
import { bufferEntry, buildZip, GeneratedData, readZipEntry, type StreamedEntry, storedZipLength, storedZipStream } from './zip.js';

export type ArchiveBody = { kind: 'buffer'; data: Buffer } | { kind: 'stream'; length: number; open: () => Readable };
export type FileBody = ArchiveBody;

/** Builds (and caches) each job's artifacts archive; the large one is never materialised. */
export class ArtifactStore {
  private readonly archives = new Map<number, Promise<Buffer>>();
  private readonly sizes = new Map<number, number>();
  private readonly large: GeneratedData | undefined;

  constructor(largeMegabytes: number | undefined) {
    this.large = largeMegabytes && largeMegabytes > 0 ? new GeneratedData(largeMegabytes) : undefined;
  }

  get hasLarge(): boolean {
    return this.large !== undefined;
  }

  async archive(job: Job): Promise<ArchiveBody> {
    if (job.artifact?.kind === 'large' && this.large) {
      const entries = this.largeEntries(job);
      return { kind: 'stream', length: storedZipLength(entries), open: () => storedZipStream(entries) };
    }
    return { kind: 'buffer', data: await this.demoArchive(job) };
  }

  /** One file of the archive; undefined when there is no such file. */
  async file(job: Job, path: string): Promise<FileBody | undefined> {
    if (job.artifact?.kind === 'large' && this.large) {
      const entry = this.largeEntries(job).find((e) => e.name === path);
      if (!entry) return undefined;
      return { kind: 'stream', length: entry.size, open: () => Readable.from(entry.chunks()) };
    }
    const data = await readZipEntry(await this.demoArchive(job), path);
    return data === undefined ? undefined : { kind: 'buffer', data };
  }

  /** Builds the demo archives of these jobs up front, so `artifacts_file.size` is exact. */
  async prepare(jobs: Iterable<Job>): Promise<void> {
    const pending: Promise<Buffer>[] = [];
    for (const job of jobs) if (job.artifact?.kind === 'demo') pending.push(this.demoArchive(job));
    const built = await Promise.all(pending);
    let i = 0;
    for (const job of jobs) if (job.artifact?.kind === 'demo') this.sizes.set(job.id, built[i++].length);
  }

  /** Size reported in `artifacts_file.size`. */
  size(job: Job): number {
    if (job.artifact?.kind === 'large' && this.large) return storedZipLength(this.largeEntries(job));
    return this.sizes.get(job.id) ?? 0;
  }

  private largeEntries(job: Job): StreamedEntry[] {
    const large = this.large as GeneratedData;
    return [
      bufferEntry('README.txt', Buffer.from(`Large artifact of job ${job.name} #${job.id}: ${large.megabytes} MiB in package/big.bin\n`)),
      large.entry('package/big.bin'),
    ];
  }

  private demoArchive(job: Job): Promise<Buffer> {
    let archive = this.archives.get(job.id);
    if (!archive) {
      archive = buildZip(demoEntries(job));
      this.archives.set(job.id, archive);
    }
    return archive;
  }
}

export function demoEntries(job: Job): { name: string; data: Buffer; compress: boolean }[] {
  const banner = `job ${job.name} #${job.id} on ${job.ref} (${job.commitSha.slice(0, 8)})`;
  const mainJs = [`// built by ${banner}`, "'use strict';", 'export function main() {', "  return 'hello from the sandbox';", '}', '']
    .join('\n')
    .repeat(20);
  return [
    { name: 'README.md', data: Buffer.from(`# Artifacts\n\nProduced by ${banner}.\n`), compress: false },
    { name: 'dist/app/main.js', data: Buffer.from(mainJs), compress: true },
    { name: 'dist/app/version.txt', data: Buffer.from(`${job.commitSha}\n`), compress: false },
    { name: 'reports/résumé final.txt', data: Buffer.from(`Résumé final — ${banner}\nAll checks: ✓\n`), compress: true },
    {
      name: 'reports/junit.xml',
      data: Buffer.from(
        `<?xml version="1.0"?>\n<testsuite name="${job.name}" tests="3" ` +
          `failures="0"><testcase name="a"/><testcase name="b"/><testcase name="c"/></testsuite>\n`,
      ),
      compress: true,
    },
  ];
}
