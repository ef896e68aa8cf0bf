// ESC-introduced sequences (CSI, OSC terminated by BEL or ST, other two-byte escapes), C1 CSI,
// and the remaining C0/C1 control characters except tab and newline.
const ANSI =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[PX^_][^\u001b]*(?:\u001b\\)?|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]/g;
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Removes terminal control sequences from text that came from the server. */
export function stripControl(text: string): string {
  return text.replace(ANSI, '').replace(CONTROL, '');
}

/** One-line cell text: control sequences removed, tabs and newlines folded to spaces. */
export function cellText(text: string): string {
  return stripControl(text).replace(/[\t\n]+/g, ' ');
}
