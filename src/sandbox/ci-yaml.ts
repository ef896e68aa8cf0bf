/**
 * The YAML a `.gitlab-ci.yml` is written in, as far as the sandbox's lint and pipelines need it:
 * block mappings and sequences, flow `[a, b]` and `{a: b}`, plain and quoted scalars, `|` and `>`
 * blocks, comments, anchors (`&a`, `*a`, `<<: *a`). Errors read as GitLab relays Psych's:
 * `(<unknown>): did not find expected key while parsing a block mapping at line 3 column 1`.
 */

export type YamlValue = string | number | boolean | null | YamlValue[] | { [key: string]: YamlValue };

export class YamlError extends Error {}

interface Line {
  /** 1-based. */
  number: number;
  indent: number;
  text: string;
}

const fail = (what: string, line: Line | undefined, column?: number): YamlError =>
  new YamlError(`(<unknown>): ${what} at line ${line?.number ?? 1} column ${column ?? (line ? line.indent + 1 : 1)}`);

/** The text without a trailing comment (a `#` after a space, outside quotes). */
function stripComment(text: string): string {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      if (i === 0 || /[\s[{,:-]/.test(text[i - 1])) quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]))) {
      return text.slice(0, i).trimEnd();
    }
  }
  return text.trimEnd();
}

function toLines(source: string): Line[] {
  const lines: Line[] = [];
  for (const [index, raw] of source.replace(/\r\n?/g, '\n').split('\n').entries()) {
    const lead = /^[ \t]*/.exec(raw)?.[0] ?? '';
    if (lead.includes('\t') && raw.trim() !== '')
      throw fail('found character that cannot start any token while scanning for the next token', {
        number: index + 1,
        indent: lead.indexOf('\t'),
        text: raw,
      });
    lines.push({ number: index + 1, indent: lead.length, text: raw.slice(lead.length) });
  }
  return lines;
}

const isBlank = (line: Line): boolean => line.text === '' || line.text.startsWith('#') || line.text === '---';
const isItem = (text: string): boolean => text === '-' || text.startsWith('- ');

/** Where `key: value` splits (the first `: ` or final `:` outside quotes and brackets), or -1. */
function keyEnd(text: string): number {
  let quote: string | null = null;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if ((c === '"' || c === "'") && i === 0) quote = c;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
    else if (c === ':' && depth === 0 && (i === text.length - 1 || text[i + 1] === ' ')) return i;
  }
  return -1;
}

function unquote(text: string): string {
  if (text.startsWith('"') && text.endsWith('"') && text.length >= 2)
    return text.slice(1, -1).replace(/\\(["\\/nt0]|u[0-9a-fA-F]{4})/g, (_, e: string) => {
      const simple: Record<string, string> = { n: '\n', t: '\t', '0': '\0', '"': '"', '\\': '\\', '/': '/' };
      return simple[e] ?? String.fromCharCode(Number.parseInt(e.slice(1), 16));
    });
  if (text.startsWith("'") && text.endsWith("'") && text.length >= 2) return text.slice(1, -1).replace(/''/g, "'");
  return text;
}

/** Splits a flow collection's inside at top-level commas. */
function splitFlow(inner: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inner.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

class Parser {
  private at = 0;
  private readonly anchors = new Map<string, YamlValue>();

  constructor(private readonly lines: Line[]) {}

  document(): YamlValue {
    this.skipBlank();
    if (this.at >= this.lines.length) return null;
    const value = this.block(this.lines[this.at].indent);
    this.skipBlank();
    if (this.at < this.lines.length) throw fail('did not find expected <document start>', this.lines[this.at]);
    return value;
  }

  private skipBlank(): void {
    while (this.at < this.lines.length && isBlank(this.lines[this.at])) this.at++;
  }

  private peek(): Line | undefined {
    this.skipBlank();
    return this.lines[this.at];
  }

  private block(indent: number): YamlValue {
    const line = this.peek();
    if (!line) return null;
    return isItem(line.text) ? this.sequence(indent) : this.mapping(indent);
  }

  private mapping(indent: number): { [key: string]: YamlValue } {
    const out: { [key: string]: YamlValue } = {};
    const first = this.peek();
    for (let line = first; line && line.indent === indent && !isItem(line.text); line = this.peek()) {
      const text = stripComment(line.text);
      const end = keyEnd(text);
      if (end === -1) throw fail("could not find expected ':' while scanning a simple key", line);
      const key = unquote(text.slice(0, end).trim());
      this.at++;
      const value = this.value(text.slice(end + 1).trim(), indent, line);
      if (key === '<<' && isMapping(value)) Object.assign(out, value, { ...out });
      else out[key] = value;
    }
    const next = this.peek();
    if (next && next.indent > indent) throw fail('did not find expected key while parsing a block mapping', first, indent + 1);
    return out;
  }

  private sequence(indent: number): YamlValue[] {
    const out: YamlValue[] = [];
    for (let line = this.peek(); line && line.indent === indent && isItem(line.text); line = this.peek()) {
      const rest = stripComment(line.text).slice(1).trimStart();
      if (rest !== '' && keyEnd(rest) !== -1 && !rest.startsWith('[') && !rest.startsWith('{')) {
        // `- key: value`: a mapping whose keys line up with `key`.
        const column = line.indent + (line.text.length - line.text.slice(1).trimStart().length);
        this.lines[this.at] = { number: line.number, indent: column, text: line.text.slice(column - line.indent) };
        out.push(this.mapping(column));
      } else {
        this.at++;
        out.push(this.value(rest, indent, line));
      }
    }
    return out;
  }

  /** The value after `key:` or `-`: inline, a block scalar, or a nested block below. */
  private value(inline: string, indent: number, line: Line): YamlValue {
    let rest = inline;
    let anchor: string | undefined;
    const anchored = /^&(\S+)\s*(.*)$/.exec(rest);
    if (anchored) [, anchor, rest] = anchored;
    let value: YamlValue;
    if (rest === '') {
      const next = this.peek();
      if (next && next.indent > indent) value = this.block(next.indent);
      else if (next && next.indent === indent && isItem(next.text) && !isItem(line.text)) value = this.sequence(indent);
      else value = null;
    } else if (/^[|>][-+]?$/.test(rest)) value = this.blockScalar(rest, indent);
    else value = this.inline(this.continued(rest), line);
    if (anchor !== undefined) this.anchors.set(anchor, value);
    return value;
  }

  /** A flow collection may go on over the following lines until its brackets close. */
  private continued(text: string): string {
    let joined = text;
    const open = (s: string) => (s.match(/[[{]/g)?.length ?? 0) - (s.match(/[\]}]/g)?.length ?? 0);
    while (/^[[{]/.test(joined) && open(joined) > 0 && this.at < this.lines.length) {
      joined += ` ${stripComment(this.lines[this.at].text)}`;
      this.at++;
    }
    return joined;
  }

  private blockScalar(indicator: string, indent: number): string {
    const body: string[] = [];
    let inner = -1;
    while (this.at < this.lines.length) {
      const line = this.lines[this.at];
      if (line.text !== '' && line.indent <= indent) break;
      if (line.text !== '' && inner === -1) inner = line.indent;
      body.push(line.text === '' ? '' : ' '.repeat(line.indent - inner) + line.text);
      this.at++;
    }
    while (body.length > 0 && body[body.length - 1] === '') body.pop();
    const text = indicator.startsWith('|') ? body.join('\n') : body.join(' ').replace(/ {2,}/g, ' ');
    return indicator.endsWith('-') ? text : `${text}\n`;
  }

  private inline(text: string, line: Line): YamlValue {
    if (text.startsWith('*')) {
      const value = this.anchors.get(text.slice(1));
      if (value === undefined) throw fail(`found undefined alias ${text.slice(1)}`, line);
      return value;
    }
    if (text.startsWith('[')) {
      if (!text.endsWith(']')) throw fail("did not find expected ',' or ']' while parsing a flow sequence", line);
      return splitFlow(text.slice(1, -1)).map((item) => this.inline(item, line));
    }
    if (text.startsWith('{')) {
      if (!text.endsWith('}')) throw fail("did not find expected ',' or '}' while parsing a flow mapping", line);
      const out: { [key: string]: YamlValue } = {};
      for (const pair of splitFlow(text.slice(1, -1))) {
        const end = keyEnd(pair);
        if (end === -1) out[unquote(pair)] = null;
        else out[unquote(pair.slice(0, end).trim())] = this.inline(pair.slice(end + 1).trim(), line);
      }
      return out;
    }
    if (/^["']/.test(text)) {
      if (text.length < 2 || text[text.length - 1] !== text[0])
        throw fail('found unexpected end of stream while scanning a quoted scalar', line);
      return unquote(text);
    }
    return plain(text);
  }
}

function plain(text: string): YamlValue {
  if (/^(true|True|TRUE)$/.test(text)) return true;
  if (/^(false|False|FALSE)$/.test(text)) return false;
  if (/^(null|Null|NULL|~)$/.test(text) || text === '') return null;
  if (/^[-+]?\d+$/.test(text)) return Number(text);
  if (/^[-+]?(\d+\.\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return Number(text);
  return text;
}

/** Parses the YAML, or throws a YamlError worded as GitLab relays Psych's. */
export function parseYaml(source: string): YamlValue {
  return new Parser(toLines(source)).document();
}

export const isMapping = (value: unknown): value is { [key: string]: YamlValue } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The value as Ruby's `to_yaml` writes a hash with symbol keys, which GitLab's lint answers in
 * `merged_yaml`: `---\n:test:\n  :script:\n  - echo 1\n`.
 */
export function rubyYaml(value: YamlValue): string {
  return `---${emit(value, 0, true)}\n`;
}

function emit(value: YamlValue, indent: number, top = false): string {
  const pad = ' '.repeat(indent);
  if (Array.isArray(value)) {
    if (value.length === 0) return ' []';
    return value
      .map((item) => `\n${pad}-${isMapping(item) && Object.keys(item).length > 0 ? emitItemMap(item, indent + 2) : emit(item, indent + 2)}`)
      .join('');
  }
  if (isMapping(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return ' {}';
    const inner = top ? 0 : indent;
    return keys.map((k) => `\n${' '.repeat(inner)}:${scalar(k)}:${emit(value[k], Array.isArray(value[k]) ? inner : inner + 2)}`).join('');
  }
  return ` ${scalar(value)}`;
}

/** A mapping inside a sequence starts on the dash's line. */
function emitItemMap(item: { [key: string]: YamlValue }, indent: number): string {
  return emit(item, indent).replace(/^\n */, ' ');
}

function scalar(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  if (value === '' || /^[\s!&*{}[\],#|>@`"'%?:-]|[:#]\s|\s$|^(true|false|yes|no|null|~|\d[\d.]*)$/i.test(value) || value.includes('\n'))
    return `'${value.replace(/'/g, "''").replace(/\n/g, '\n\n')}'`;
  return value;
}
