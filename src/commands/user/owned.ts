import { paginate } from '../../api/paginate.js';
import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { readPath } from '../../executor/confirm.js';
import { pathValues } from '../../executor/endpoint.js';
import type { Answer, FlagSpec, Values } from '../../executor/inputs.js';
import { defineCommand, defineNoun, type NounSpec } from '../../executor/spec.js';
import type { Column } from '../../output/columns.js';
import { described, objectName, titled } from '../../output/names.js';
import { emailColumns, gpgKeyColumns, sshKeyColumns } from '../../resources/user.js';
import { shellLine } from '../../shell-quote.js';

/**
 * Keys, GPG keys and emails share one scheme: the caller's own under `/user/<things>`, another
 * user's (administrators) under `/users/:user/<things>` with `--user <id|username>`.
 */
interface OwnedKind {
  noun: string;
  /** Human name: `SSH key`. */
  label: string;
  /** With its article: `an SSH key`. */
  one: string;
  /** Path segment: `keys`, `gpg_keys`, `emails`. */
  segment: string;
  /** The id placeholder: `key_id`, `email_id`. */
  idName: string;
  columns: Column[];
  /** The spec has `GET /users/:id/<things>/:id` for this kind. */
  otherUserView: boolean;
  addFlags: FlagSpec[];
  addExamples: string[];
  /** Checks what flags cannot express. */
  addPrepare?: (ctx: Context, v: Values) => void;
}

export const userFlag: FlagSpec = {
  name: 'user',
  short: 'u',
  param: 'user',
  in: 'path',
  lookup: 'user',
  type: 'string',
  value: '<id|username>',
  description: "another user's (administrators); default: your own",
};

/** One item, read to name it: yours directly, another user's from their list. */
async function readOwned(ctx: Context, kind: OwnedKind, v: Values): Promise<Answer> {
  if (v.args.user === undefined) return readPath(ctx, `/user/${kind.segment}/:${kind.idName}`, v);
  const id = v.args[kind.idName];
  for await (const item of paginate<Record<string, unknown>>(
    ctx.api(),
    { method: 'GET', path: fillPath(`/users/:user/${kind.segment}`, pathValues(v)) },
    { perPage: 100, all: true, unique: true },
  ))
    if (item.id === id) return item;
  return undefined;
}

const whose = (v: Values) => (v.args.user !== undefined ? ` of user ${String(v.args.user)}` : ' from your account');

const base = (kind: OwnedKind) => (v: Values) => (v.args.user !== undefined ? `/users/:user/${kind.segment}` : `/user/${kind.segment}`);

function ownedNoun(kind: OwnedKind, summary: string): NounSpec {
  const idArg = { name: kind.idName, type: 'id', description: `${kind.label} id` } as const;
  const collection = base(kind);
  const list = defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: `List your ${kind.label}s, or another user's`,
    examples: [`collab user ${kind.noun} list`, `collab user ${kind.noun} list --user 42 -o json`],
    flags: [userFlag],
    method: 'GET',
    path: collection,
    list: true,
    columns: kind.columns,
  });
  const view = defineCommand({
    name: 'view',
    aliases: ['show'],
    summary: `Show one of your ${kind.label}s${kind.otherUserView ? ", or another user's" : ''}`,
    examples: [`collab user ${kind.noun} view 7`, ...(kind.otherUserView ? [`collab user ${kind.noun} view 7 --user 42`] : [])],
    args: [idArg],
    flags: [userFlag],
    method: 'GET',
    path: (v) => `${collection(v)}/:${kind.idName}`,
    columns: kind.columns,
    prepare: (_ctx, v) => {
      if (!kind.otherUserView && v.flags.user !== undefined)
        throw new UsageError(
          `the API has no endpoint to read one ${kind.label} of another user (only GET /user/${kind.segment}/:${kind.idName} for your own)`,
          `list theirs instead: ${shellLine`collab user ${kind.noun} list --user ${String(v.flags.user)}`}`,
        );
    },
  });
  const add = defineCommand({
    name: 'add',
    aliases: ['create'],
    summary: `Add ${kind.one} to your account, or another user's`,
    examples: kind.addExamples,
    flags: [...kind.addFlags, userFlag],
    method: 'POST',
    path: collection,
    columns: kind.columns,
    prepare: kind.addPrepare,
    done: (v, added) =>
      `Added ${described(kind.label, added?.id, objectName(added))}${v.args.user !== undefined ? ` to user ${String(v.args.user)}` : ' to your account'}`,
  });
  const remove = defineCommand({
    name: 'delete',
    aliases: ['rm'],
    summary: `Delete one of your ${kind.label}s, or another user's`,
    examples: [`collab user ${kind.noun} delete 7`, `collab user ${kind.noun} delete 7 --user 42 --yes`],
    args: [idArg],
    flags: [userFlag],
    method: 'DELETE',
    path: (v) => `${collection(v)}/:${kind.idName}`,
    confirm: {
      mode: 'yes',
      // Without a GET of one item of another user's, that user's list names it.
      read: kind.otherUserView ? undefined : (ctx, v) => readOwned(ctx, kind, v),
      question: (v, name) =>
        `Delete ${kind.label} ${titled(String(v.args[kind.idName]), name)} ` +
        `${v.args.user !== undefined ? `of user ${String(v.args.user)}` : 'from your account'}?`,
    },
    done: (v) => `Deleted ${kind.label} ${titled(String(v.args[kind.idName]), objectName(v.seen))}${whose(v)}`,
  });
  return defineNoun({ name: kind.noun, summary, commands: [list, view, add, remove] });
}

/** `--key <text>` or `--key-file <path|->`: exactly one. */
const keyFlags = (what: string): FlagSpec[] => [
  { name: 'key', type: 'string', description: `the ${what} text`, conflicts: ['key-file'] },
  {
    name: 'key-file',
    param: 'key',
    file: 'text',
    type: 'string',
    value: '<path|->',
    description: `read the ${what} from a file (- for stdin)`,
  },
];

function checkKey(_ctx: Context, v: Values): void {
  if (typeof v.params.key === 'string' && v.flags['key-file'] !== undefined) v.params.key = v.params.key.trim();
  if (v.params.key === undefined) throw new UsageError('missing the key: give --key <text> or --key-file <path|->');
  if (v.params.key === '') throw new UsageError('the key is empty');
}

export const sshKey = ownedNoun(
  {
    noun: 'key',
    label: 'SSH key',
    one: 'an SSH key',
    segment: 'keys',
    idName: 'key_id',
    columns: sshKeyColumns,
    otherUserView: false,
    addFlags: [
      { name: 'title', short: 't', type: 'string', prompt: 'Title:', description: 'a name for the key' },
      ...keyFlags('public key'),
    ],
    addExamples: [
      'collab user key add --title laptop --key-file ~/.ssh/id_ed25519.pub',
      'collab user key add --title ci --key "ssh-ed25519 AAAA... ci@example" --user 42',
    ],
    addPrepare: checkKey,
  },
  'SSH keys: yours, or (administrators) another user’s with --user',
);

export const gpgKey = ownedNoun(
  {
    noun: 'gpg-key',
    label: 'GPG key',
    one: 'a GPG key',
    segment: 'gpg_keys',
    idName: 'key_id',
    columns: gpgKeyColumns,
    otherUserView: true,
    addFlags: keyFlags('armored public key block'),
    addExamples: ['collab user gpg-key add --key-file alice.asc', 'collab user gpg-key add --key-file - --user 42 < alice.asc'],
    addPrepare: checkKey,
  },
  'GPG keys: yours, or (administrators) another user’s with --user',
);

export const email = ownedNoun(
  {
    noun: 'email',
    label: 'email',
    one: 'an email',
    segment: 'emails',
    idName: 'email_id',
    columns: emailColumns,
    otherUserView: false,
    addFlags: [{ name: 'email', short: 'e', type: 'string', prompt: 'Email:', description: 'the email address' }],
    addExamples: ['collab user email add --email alice@work.example', 'collab user email add -e alice@home.example --user 42'],
  },
  'Secondary emails: yours, or (administrators) another user’s with --user',
);
