import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { answerFields, type Column } from '../output/columns.js';
import { writeOut } from '../output/io.js';
import { Printer } from '../output/printer.js';
import { specField } from './host-dialect.js';
import { asAnswer, type Values } from './inputs.js';
import type { Sent } from './send.js';
import type { CommandSpec } from './spec.js';

/**
 * The `fields` and `print` stages: `--fields` checked before anything is sent, and what `send`
 * left printed: a list, the answer (or the one line a write says on a terminal), its web page.
 */

/**
 * `--fields` before anything is sent: alone, it lists the fields of the command's answer (one a
 * line; true: the command is done); with names, they are checked against those fields (exit 2).
 */
export async function fieldsFirst(ctx: Context, columns: Column[] | undefined): Promise<boolean> {
  if (!ctx.settings.listFields) {
    // Declared fields have the spec's names; GitLab's name of one (`skype`) is the same field.
    Printer.checkFields((ctx.settings.fields ?? []).map(specField), columns);
    return false;
  }
  const fields = answerFields(columns);
  if (!fields) throw new UsageError('--fields: this command prints no fields to choose from');
  await writeOut(ctx.io.stdout, `${Printer.fieldNames(columns!).join('\n')}\n`);
  if (fields.gitlab?.length) ctx.notice(`(${fields.gitlab.length} of them, from ${fields.gitlab[0]} on, are sent by GitLab only)`);
  return true;
}

/** Prints what the `send` stage left. */
export async function printSent(ctx: Context, spec: CommandSpec, v: Values, printer: Printer, sent: Sent): Promise<void> {
  switch (sent.kind) {
    case 'nothing':
      return;
    case 'pages':
      await printer.listPages(sent.pages, spec.columns ?? [], sent.list);
      return;
    case 'current':
      if (!printer.brief) await printer.object(sent.data, sent.columns);
      return;
    case 'answer':
      return printAnswer(ctx, spec, v, printer, sent.data, sent.status);
  }
}

/** The answer, or its web page; on a terminal a write says what it did in one line instead. */
async function printAnswer(ctx: Context, spec: CommandSpec, v: Values, printer: Printer, data: unknown, status: number): Promise<void> {
  if (v.web) return showWebPage(ctx, data);
  const message = spec.done?.(v, asAnswer(data), status);
  // On a terminal a write says what it did in one line; the object it answered is for -o, --fields and pipes.
  if (!(printer.brief && message !== undefined && spec.method !== 'GET' && !spec.showAnswer)) await show(ctx, spec, v, printer, data);
  if (typeof message === 'string') ctx.success(message);
  else if (message) ctx.notice(message.notice);
}

async function show(ctx: Context, spec: CommandSpec, v: Values, printer: Printer, data: unknown): Promise<void> {
  if (spec.print) return spec.print(ctx, v, data);
  if (spec.print === false || data === undefined || data === '') return;
  if (spec.row && !printer.json) await printer.list([data], spec.columns ?? []);
  else await printer.object(data, spec.columns);
}

/**
 * `--web`: the object's page opened in the browser on a terminal; elsewhere its URL alone on stdout
 * (nothing is run), and so on a terminal with no browser to reach, which is said.
 */
async function showWebPage(ctx: Context, data: unknown): Promise<void> {
  const { webPage } = await import('../output/browser.js');
  const url = webPage(asAnswer(data)?.web_url);
  if (!ctx.io.stdoutIsTTY) return writeOut(ctx.io.stdout, `${url}\n`);
  if (!(await ctx.desktop().canOpenPages())) {
    await writeOut(ctx.io.stdout, `${url}\n`);
    ctx.notice('No browser found to open it: set BROWSER (or collab config set browser <command>)');
    return;
  }
  ctx.notice(`Opening ${url} in your browser.`);
  await ctx.desktop().openUrl(url);
}
