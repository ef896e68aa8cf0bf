/**
 * One object for people: on a terminal its card where its kind has one; otherwise (piped, with
 * `--fields` or `--raw-fields`) a field a line, its value wrapped beside it, Markdown below.
 */
import { type CardExtras, type CardLayout, drawCard } from './card.js';
import { type CellStyle, cellValue, drawCell } from './cells.js';
import { type Column, cardOf, isMarkdown } from './columns.js';
import { cellWidth, type Measure } from './graphemes.js';
import { painter } from './paint.js';
import { messageText, tableText } from './sanitize.js';
import { wrapText } from './wrap.js';
import type { Output } from './writer.js';

const keyText = (c: Column) => tableText(c.key);

export async function printView(out: Output, item: object, columns: Column[] | undefined, extras?: CardExtras): Promise<void> {
  const card = showsCard(out, columns);
  if (card) return printCard(out, item, card, extras);
  const { io } = out;
  const fields = out.fieldsOf(item, columns);
  const style: CellStyle = { paint: painter(io.colorLevel), now: out.options.now, long: true, named: out.options.fields };
  const { paint } = style;
  const measure = await cellWidth();
  const shown = fields.filter((c) => !isMarkdown(c));
  // Keys take at most a third of the line; a longer key has its value on the next line.
  const widest = shown.reduce((w, c) => Math.max(w, measure(keyText(c))), 1);
  const width = Math.min(widest, Math.max(12, Math.floor(io.columns / 3)));
  const valueWidth = Math.max(20, io.columns - width - 2);
  const pad = ' '.repeat(width + 2);
  const lines = shown.map((c) => {
    const text = drawCell(c, cellValue(c, item, out.options), undefined, style) || paint('-', 'dim');
    const wrapped = wrapText(text, valueWidth, measure).split('\n').join(`\n${pad}`);
    const keyWidth = measure(keyText(c));
    if (keyWidth > width) return `${paint(keyText(c), 'key')}\n${pad}${wrapped}`;
    return `${paint(keyText(c) + ' '.repeat(width - keyWidth), 'key')}  ${wrapped}`;
  });
  for (const c of fields.filter(isMarkdown)) lines.push((await markdownLines(out, c, item, width, style, measure)).join('\n'));
  await out.emit(`${lines.join('\n')}\n`);
}

/**
 * The card this view shows: for a person (a terminal, or `--color always` into a pager), for a kind
 * that has one, unless `--fields` or `--raw-fields` asks for fields.
 */
export function showsCard(out: Output, columns: Column[] | undefined): CardLayout | undefined {
  const { io, fields, rawFields, forPeople } = out.options;
  return (io.stdoutIsTTY || forPeople) && !fields?.length && !rawFields ? cardOf(columns) : undefined;
}

async function printCard(out: Output, item: object, layout: CardLayout, extras: CardExtras = {}): Promise<void> {
  const now = out.options.now();
  const frame = {
    width: Math.max(20, out.io.columns),
    colorLevel: out.io.colorLevel,
    measure: await cellWidth(),
    paint: painter(out.io.colorLevel),
    now,
    markdown: () => out.markdown(),
  };
  const { webBase } = await import('./markdown.js');
  await out.emit(await drawCard(layout.card(item, extras.facts, now), frame, extras.sections ?? [], webBase(item)));
}

/** A Markdown field below the others, rendered to the terminal's width; `-` beside its key when empty. */
async function markdownLines(out: Output, c: Column, item: object, width: number, style: CellStyle, measure: Measure): Promise<string[]> {
  const { paint } = style;
  const value = cellValue(c, item, out.options);
  if (typeof value !== 'string' || value.trim() === '')
    return [`${paint(keyText(c) + ' '.repeat(Math.max(0, width - measure(keyText(c)))), 'key')}  ${paint('-', 'dim')}`];
  const { webBase } = await import('./markdown.js');
  const body = (await out.markdown()).render(messageText(value), Math.max(20, out.io.columns), out.io.colorLevel, measure, webBase(item));
  return ['', paint(keyText(c), 'key'), body];
}
