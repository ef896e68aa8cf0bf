/**
 * SGR, the escape sequences that set colours and styles (`ESC[31m`, `ESC[1;4m`, `ESC[38:5:208m`):
 * the only sequences collab writes, or keeps from a server (a CI log's colours). Every other
 * module finds, removes or writes them through here.
 */

const SGR = /\u001b\[[0-9;:]*m/g;
const SGR_PART = new RegExp(`(${SGR.source})`);
const INDENT = new RegExp(`^(?:${SGR.source}| )*`);
const TRAILING_SPACES = new RegExp(` +((?:${SGR.source})*)$`);
const ONE_SGR = new RegExp(`^${SGR.source}$`);

/** The sequence for these parameters (`sgr(32)`: green). */
export function sgr(params: string | number): string {
  return `\u001b[${params}m`;
}

/** Whether the text is one colour sequence, and nothing else. */
export function isSgr(text: string): boolean {
  return ONE_SGR.test(text);
}

/** The text without its colours. */
export function stripSgr(text: string): string {
  return text.includes('\u001b[') ? text.replace(SGR, '') : text;
}

/** The colour sequences of a text, in order. */
export function sgrOf(text: string): string[] {
  return text.match(SGR) ?? [];
}

/** The text in parts: the text between sequences at even places, the sequences at odd ones. */
export function splitSgr(text: string): string[] {
  return text.split(SGR_PART);
}

/** The colour sequences and spaces a text starts with. */
export function sgrIndent(text: string): string {
  return INDENT.exec(text)![0];
}

/** The text without the spaces at its end, the colour sequences after them kept. */
export function trimEndSgr(text: string): string {
  return text.endsWith(' ') || text.endsWith('m') ? text.replace(TRAILING_SPACES, '$1') : text;
}

/** What closes each attribute: 22 closes both bold and dim. */
const CLOSE: Record<string, number> = { bold: 22, dim: 22, italic: 23, underline: 24, blink: 25, inverse: 27, hidden: 28, strike: 29 };
const ATTRIBUTE: Record<number, string> = {
  1: 'bold',
  2: 'dim',
  3: 'italic',
  4: 'underline',
  5: 'blink',
  7: 'inverse',
  8: 'hidden',
  9: 'strike',
};
const CLOSED_BY: Record<number, string[]> = {
  22: ['bold', 'dim'],
  23: ['italic'],
  24: ['underline'],
  25: ['blink'],
  27: ['inverse'],
  28: ['hidden'],
  29: ['strike'],
  39: ['fg'],
  49: ['bg'],
};

/**
 * The colours and attributes open at a point of a text, so that a line cut there can close them at
 * its end and the next line open them again: each line then stands alone, and whatever is put
 * before it (a list's indentation, a quote's bar) is never coloured by accident.
 */
export class SgrState {
  /** Each open attribute (or colour: `fg`, `bg`) and the parameters that opened it. */
  private readonly open = new Map<string, string>();

  /** Takes every SGR sequence of `text` into account, in order. */
  feed(text: string): void {
    if (!text.includes('\u001b[')) return;
    for (const [seq] of text.matchAll(SGR)) this.apply(seq.slice(2, -1));
  }

  /** The sequence that closes everything open ('' when nothing is). */
  get closing(): string {
    if (this.open.size === 0) return '';
    const codes = new Set([...this.open.keys()].map((k) => (k === 'fg' ? 39 : k === 'bg' ? 49 : CLOSE[k]!)));
    return sgr([...codes].join(';'));
  }

  /** The sequence that opens again everything open ('' when nothing is). */
  get opening(): string {
    return this.open.size === 0 ? '' : sgr([...this.open.values()].join(';'));
  }

  private apply(params: string): void {
    const p = params === '' ? [0] : params.split(';').map(Number);
    for (let i = 0; i < p.length; i++) {
      const n = p[i]!;
      if (n === 0) this.open.clear();
      else if (ATTRIBUTE[n]) this.open.set(ATTRIBUTE[n], String(n));
      else if (CLOSED_BY[n]) for (const k of CLOSED_BY[n]) this.open.delete(k);
      else if (n === 38 || n === 48) {
        // 38;5;n or 38;2;r;g;b: the colour's parameters go with it.
        const take = p[i + 1] === 5 ? 2 : p[i + 1] === 2 ? 4 : 0;
        this.open.set(n === 38 ? 'fg' : 'bg', p.slice(i, i + 1 + take).join(';'));
        i += take;
      } else if ((n >= 30 && n <= 37) || (n >= 90 && n <= 97)) this.open.set('fg', String(n));
      else if ((n >= 40 && n <= 47) || (n >= 100 && n <= 107)) this.open.set('bg', String(n));
    }
  }
}
