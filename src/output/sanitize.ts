/**
 * The one sanitiser for text that reaches a terminal (table cells and keys, tsv, every message on
 * stderr). JSON and NDJSON never pass through here: JSON escapes control characters itself.
 */
import { isSgr, sgr, sgrOf, splitSgr } from './sgr.js';

// Escape sequences in their 7-bit (ESC …) and 8-bit (C1) forms: CSI; OSC, DCS, SOS, PM and APC up
// to BEL or ST (or the end of the text); then any other escape (nF, Fp, Fe, Fs).
const SEQUENCE =
  /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d-\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[ -/]*[0-~]/g;
// C0 except tab and newline, DEL, C1.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const HAS_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
// Invisible format characters (Unicode Cf: bidi embeddings, overrides and isolates, marks,
// zero-width spaces and joiners, BOM, tags) and the line/paragraph separators. A zero-width
// joiner between two pictographs is kept: it is how family and profession emoji are written.
const INVISIBLE =
  /(?<!\p{Extended_Pictographic}[\u{1f3fb}-\u{1f3ff}\ufe0f]?)\u200d|\u200d(?!\p{Extended_Pictographic})|(?!\u200d)[\p{Cf}\u2028\u2029]/gu;
const HAS_INVISIBLE = /[\p{Cf}\u2028\u2029]/u;

/** Removes terminal escape sequences and control characters (tab and newline stay). */
function stripControl(text: string): string {
  if (!HAS_CONTROL.test(text)) return text;
  return text.replace(SEQUENCE, '').replace(CONTROL, '');
}

/** Removes bidi controls and zero-width characters, which can reorder or hide what is shown. */
function stripInvisible(text: string): string {
  if (!HAS_INVISIBLE.test(text)) return text;
  return text.replace(INVISIBLE, (c) => (c === '\u2028' || c === '\u2029' ? '\n' : ''));
}

/** One tsv cell: control sequences removed, tabs and newlines folded to spaces. */
export function cellText(text: string): string {
  return stripControl(text).replace(/[\t\n]+/g, ' ');
}

/** Text as written, for a pipe (a description below a view's fields): control sequences removed, lines and tabs kept. */
export function writtenText(text: string): string {
  // Lines ended CRLF stay so (a CR before its newline moves nothing); a lone CR, which would write over its line, goes.
  return text.includes('\r\n') ? text.split('\r\n').map(stripControl).join('\r\n') : stripControl(text);
}

/** One table cell or key: as a tsv cell, and nothing invisible that could disguise it. */
export function tableText(text: string): string {
  return cellText(stripInvisible(text));
}

/** Text for a terminal that keeps its lines: messages on stderr (errors, hints, notices, debug lines), diffs. */
export function messageText(text: string): string {
  return stripInvisible(stripControl(text));
}

// What JSON.stringify leaves as it is but a terminal acts on (DEL, C1) or hides (format
// characters, line and paragraph separators).
const JSON_UNSAFE = /[\u007f-\u009f\u2028\u2029\p{Cf}]/gu;
const HAS_JSON_UNSAFE = /[\u007f-\u009f\u2028\u2029\p{Cf}]/u;

/**
 * JSON text for stdout: those characters written as `\uXXXX` escapes. The same JSON value (they
 * occur only inside strings), and nothing in it a terminal would act on or hide.
 */
export function jsonText(json: string): string {
  if (!HAS_JSON_UNSAFE.test(json)) return json;
  return json.replace(JSON_UNSAFE, (c) => {
    let out = '';
    for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
    return out;
  });
}

/**
 * Text collab coloured itself (a rendered Markdown view), for a terminal: its SGR colours kept,
 * any other sequence, control or invisible character removed — including those a renderer decoded
 * from the server's text (`&#x202e;`).
 */
export function colouredText(text: string): string {
  return splitSgr(text)
    .map((part, i) => (i % 2 === 1 ? part : messageText(part)))
    .join('');
}

const LogState = {
  Text: 0,
  Escape: 1,
  Csi: 2,
  /** OSC, DCS, SOS, PM, APC: a string up to BEL or ST, dropped whole. */
  String: 3,
  /** ESC followed by intermediates (nF): up to the final byte. */
  Intermediate: 4,
} as const;
type LogState = (typeof LogState)[keyof typeof LogState];

/**
 * A CI log on its way to a terminal, fed in chunks: SGR colour sequences are kept (unless colour
 * is off), so are `\r`, `\n` and tab; every other escape sequence (OSC clipboard, title and
 * hyperlinks, cursor movement, screen clearing) and control character is dropped, and so is
 * anything invisible or reordering (bidi controls, zero-width characters). A line erased
 * with `\r` + `ESC[K` (how GitLab hides its `section_start:` markers) is dropped as the terminal
 * would erase it. Output is given back a line at a time, and the rest on `flush()`.
 */
export class TerminalLogFilter {
  private readonly decoder = new TextDecoder('utf-8');
  private state: LogState = LogState.Text;
  private sequence = '';
  private line = '';

  constructor(private readonly colors: boolean) {}

  /** The complete lines of the text so far. */
  write(chunk: Uint8Array): string {
    let out = '';
    for (const c of this.decoder.decode(chunk, { stream: true })) {
      this.feed(c);
      if (c === '\n' && this.state === LogState.Text) {
        out += stripInvisible(this.line);
        this.line = '';
      }
    }
    // A line that never ends (a progress bar redrawn with \r for hours) is not held forever.
    return this.line.length > 65_536 ? out + this.flush() : out;
  }

  /** What is pending (the unfinished line); an unfinished escape sequence stays pending. */
  flush(): string {
    const out = stripInvisible(this.line);
    this.line = '';
    return out;
  }

  private feed(c: string): void {
    const code = c.charCodeAt(0);
    switch (this.state) {
      case LogState.Text:
        if (c === '\u001b') this.state = LogState.Escape;
        else if (c === '\u009b') this.startCsi();
        else if (code === 0x90 || code === 0x98 || (code >= 0x9d && code <= 0x9f)) this.state = LogState.String;
        else if (c === '\n' || c === '\r' || c === '\t' || !(code < 0x20 || (code >= 0x7f && code <= 0x9f))) this.line += c;
        return;
      case LogState.Escape:
        if (c === '[') this.startCsi();
        else if (c === ']' || c === 'P' || c === 'X' || c === '^' || c === '_') this.state = LogState.String;
        else if (code >= 0x20 && code <= 0x2f) this.state = LogState.Intermediate;
        else if (code >= 0x30 && code <= 0x7e) this.state = LogState.Text;
        else this.reprocess(c);
        return;
      case LogState.Csi:
        if (code >= 0x20 && code <= 0x3f && this.sequence.length < 64) this.sequence += c;
        else if (code >= 0x40 && code <= 0x7e) {
          this.state = LogState.Text;
          this.csi(this.sequence, c);
        } else this.reprocess(c);
        return;
      case LogState.String:
        if (c === '\u0007' || c === '\u009c') this.state = LogState.Text;
        else if (c === '\u001b') this.state = LogState.Escape;
        return;
      case LogState.Intermediate:
        if (code >= 0x30 && code <= 0x7e) this.state = LogState.Text;
        else if (!(code >= 0x20 && code <= 0x2f)) this.reprocess(c);
        return;
    }
  }

  private startCsi(): void {
    this.state = LogState.Csi;
    this.sequence = '';
  }

  /** An aborted sequence is dropped; the character that ended it is read as text. */
  private reprocess(c: string): void {
    this.state = LogState.Text;
    this.feed(c);
  }

  private csi(params: string, final: string): void {
    const colour = sgr(params);
    if (final === 'm' && isSgr(colour)) {
      if (this.colors) this.line += colour;
    } else if (final === 'K' && /^[0-2]?$/.test(params) && this.line.endsWith('\r')) {
      // `\r` then erase-line: what came before on this line is gone; its colours still apply.
      this.line = sgrOf(this.line).join('');
    }
  }
}
