/**
 * The one sanitiser for text that reaches a terminal (table cells and keys, tsv, every message on
 * stderr). JSON and NDJSON never pass through here: JSON escapes control characters itself.
 */

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
export function stripControl(text: string): string {
  if (!HAS_CONTROL.test(text)) return text;
  return text.replace(SEQUENCE, '').replace(CONTROL, '');
}

/** Removes bidi controls and zero-width characters, which can reorder or hide what is shown. */
export function stripInvisible(text: string): string {
  if (!HAS_INVISIBLE.test(text)) return text;
  return text.replace(INVISIBLE, (c) => (c === '\u2028' || c === '\u2029' ? '\n' : ''));
}

/** One tsv cell: control sequences removed, tabs and newlines folded to spaces. */
export function cellText(text: string): string {
  return stripControl(text).replace(/[\t\n]+/g, ' ');
}

/** One table cell or key: as a tsv cell, and nothing invisible that could disguise it. */
export function tableText(text: string): string {
  return cellText(stripInvisible(text));
}

/** A message for stderr (errors, hints, notices, debug lines): lines kept, nothing else. */
export function messageText(text: string): string {
  return stripInvisible(stripControl(text));
}
