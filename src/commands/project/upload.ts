import path from 'node:path';
import { fillPath } from '../../api/path.js';
import { UsageError } from '../../errors.js';
import { cellText } from '../../output/sanitize.js';
import { uploadColumns } from '../../resources/project.js';
import { readBytesArg } from '../input.js';
import type { CommandSpec } from '../spec.js';
import { multipartBody } from '../../api/multipart.js';

export const upload: CommandSpec = {
  name: 'upload',
  summary: 'Upload a file to a project and print its markdown link',
  description:
    'Upload a file (multipart form data) for use in issues, merge requests or the wiki. Prints the ready-to-paste markdown link; -o json prints the whole upload object.',
  examples: ['collab project upload screenshot.png -p acme/website', 'cat build.log | collab project upload - --filename build.log -o json'],
  args: [{ name: 'file', type: 'string', description: 'file to upload, or - for standard input' }],
  project: 'required',
  flags: [{ name: 'filename', param: false, type: 'string', description: 'name for the uploaded file (default: the file name; required with -)' }],
  endpoints: ['POST /projects/:id/uploads'],
  run: async (ctx, v) => {
    const file = v.args.file as string;
    const filename = (v.flags.filename as string | undefined) ?? (file === '-' ? undefined : path.basename(file));
    if (!filename) throw new UsageError('missing required flag --filename (needed when reading standard input)');
    const data = await readBytesArg(ctx, file, '<file>');
    const rawBody = multipartBody({}, [{ name: 'file', filename, data }]);
    const res = await ctx.api().request({ method: 'POST', path: fillPath('/projects/:project/uploads', { project: v.project }), rawBody });
    const printer = ctx.printer();
    const markdown = (res.data as { markdown?: unknown })?.markdown;
    if (printer.format === 'json' || printer.format === 'ndjson' || ctx.globals.fields || typeof markdown !== 'string') {
      await printer.object(res.data, uploadColumns);
      return;
    }
    await printer.text(`${cellText(markdown)}\n`);
  },
};
