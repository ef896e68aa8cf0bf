import path from 'node:path';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { readBytesArg } from '../../executor/read-input.js';
import { defineCommand } from '../../executor/spec.js';
import { cellText, tableText } from '../../output/sanitize.js';
import { uploadColumns } from '../../resources/project.js';

/** The ready-to-paste markdown link; the whole upload object in JSON, with --fields, or without a link. */
async function printUpload(ctx: Context, data: unknown): Promise<void> {
  const printer = ctx.printer();
  const markdown = (data as { markdown?: unknown } | undefined)?.markdown;
  if (printer.json || ctx.settings.fields || typeof markdown !== 'string') {
    await printer.object(data, uploadColumns);
    return;
  }
  await printer.text(`${(printer.format === 'table' ? tableText : cellText)(markdown)}\n`);
}

export const upload = defineCommand({
  name: 'upload',
  summary: 'Upload a file to a project and print its markdown link',
  description:
    'Upload a file (multipart form data) for use in issues, merge requests or the ' +
    'wiki. Prints the ready-to-paste markdown link; -o json prints the whole upload object.',
  examples: [
    'collab project upload screenshot.png -p acme/website',
    'cat build.log | collab project upload - --filename build.log -o json',
  ],
  args: [{ name: 'file', type: 'string', disk: 'read', description: 'file to upload, or - for standard input' }],
  project: 'required',
  flags: [
    { name: 'filename', param: false, type: 'string', description: 'name for the uploaded file (default: the file name; required with -)' },
  ],
  method: 'POST',
  path: '/projects/:project/uploads',
  answer: { kind: 'object', key: 'markdown' },
  prepare: async (ctx, v) => {
    const file = v.args.file;
    const filename = v.flags.filename ?? (file === '-' ? undefined : path.basename(file));
    if (!filename) throw new UsageError('missing required flag --filename (needed when reading standard input)');
    v.files.push({ name: 'file', filename, data: await readBytesArg(ctx, file, '<file>') });
  },
  columns: uploadColumns,
  print: (ctx, _v, data) => printUpload(ctx, data),
  showAnswer: true,
  done: (v) => `Uploaded ${v.flags.filename ?? (v.args.file === '-' ? 'standard input' : path.basename(v.args.file))} to ${v.project}`,
});
