import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/format.js';
import { emailColumns, gpgKeyColumns, sshKeyColumns } from '../../resources/user.js';
import { readTextArg } from '../input.js';
import type { CommandSpec, FlagSpec, NounSpec, Values } from '../spec.js';
import { defineNoun } from '../spec.js';
import { resolveUserId } from './lookup.js';

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
  /** Reads file inputs into the parameters and checks what flags cannot express. */
  addPrepare?: (ctx: Context, v: Values) => Promise<void>;
}

export const userFlag: FlagSpec = {
  name: 'user',
  short: 'u',
  param: false,
  type: 'string',
  value: '<id|username>',
  description: "another user's (administrators); default: your own",
};

/** Deletes are not confirmed (the contract lists what is), but a habitual `--yes` must not fail. */
const yesFlag: FlagSpec = { name: 'yes', short: 'y', param: false, type: 'bool', hidden: true, description: 'accepted, not needed' };

async function resolveOwner(ctx: Context, v: Values): Promise<void> {
  const user = v.flags.user;
  if (typeof user === 'string') v.args.user = await resolveUserId(ctx, user, '--user');
}

const base = (kind: OwnedKind) => (v: Values) => (v.args.user !== undefined ? `/users/:user/${kind.segment}` : `/user/${kind.segment}`);

function ownedNoun(kind: OwnedKind, summary: string): NounSpec {
  const idArg = { name: kind.idName, type: 'id', description: `${kind.label} id` } as const;
  const collection = base(kind);
  const list: CommandSpec = {
    name: 'list',
    aliases: ['ls'],
    summary: `List your ${kind.label}s, or another user's`,
    examples: [`collab user ${kind.noun} list`, `collab user ${kind.noun} list --user 42 -o json`],
    flags: [userFlag],
    method: 'GET',
    path: collection,
    endpoints: [`GET /user/${kind.segment}`, `GET /users/:id/${kind.segment}`],
    list: true,
    columns: kind.columns,
    prepare: resolveOwner,
  };
  const view: CommandSpec = {
    name: 'view',
    aliases: ['show'],
    summary: `Show one of your ${kind.label}s${kind.otherUserView ? ", or another user's" : ''}`,
    examples: [
      `collab user ${kind.noun} view 7`,
      ...(kind.otherUserView ? [`collab user ${kind.noun} view 7 --user 42`] : []),
    ],
    args: [idArg],
    flags: [userFlag],
    method: 'GET',
    path: (v) => `${collection(v)}/:${kind.idName}`,
    endpoints: [
      `GET /user/${kind.segment}/:${kind.idName}`,
      ...(kind.otherUserView ? [`GET /users/:id/${kind.segment}/:${kind.idName}`] : []),
    ],
    columns: kind.columns,
    prepare: async (ctx, v) => {
      if (!kind.otherUserView && v.flags.user !== undefined)
        throw new UsageError(
          `the API has no endpoint to read one ${kind.label} of another user (only GET /user/${kind.segment}/:${kind.idName} for your own)`,
          `list theirs instead: collab user ${kind.noun} list --user ${v.flags.user}`,
        );
      await resolveOwner(ctx, v);
    },
  };
  const add: CommandSpec = {
    name: 'add',
    aliases: ['create'],
    summary: `Add ${kind.one} to your account, or another user's`,
    examples: kind.addExamples,
    flags: [...kind.addFlags, userFlag],
    method: 'POST',
    path: collection,
    endpoints: [`POST /user/${kind.segment}`, `POST /users/:id/${kind.segment}`],
    columns: kind.columns,
    prepare: async (ctx, v) => {
      await kind.addPrepare?.(ctx, v);
      await resolveOwner(ctx, v);
    },
  };
  const remove: CommandSpec = {
    name: 'delete',
    aliases: ['rm'],
    summary: `Delete one of your ${kind.label}s, or another user's`,
    examples: [`collab user ${kind.noun} delete 7`, `collab user ${kind.noun} delete 7 --user 42`],
    args: [idArg],
    flags: [userFlag, yesFlag],
    method: 'DELETE',
    path: (v) => `${collection(v)}/:${kind.idName}`,
    endpoints: [`DELETE /user/${kind.segment}/:${kind.idName}`, `DELETE /users/:id/${kind.segment}/:${kind.idName}`],
    prepare: resolveOwner,
    done: (v) => `deleted ${kind.label} ${v.args[kind.idName]}${v.args.user !== undefined ? ` of user ${v.args.user}` : ''}`,
  };
  return defineNoun({ name: kind.noun, summary, commands: [list, view, add, remove] });
}

/** `--key <text>` or `--key-file <path|->`: exactly one. */
const keyFlags = (what: string): FlagSpec[] => [
  { name: 'key', type: 'string', description: `the ${what} text`, conflicts: ['key-file'] },
  { name: 'key-file', param: false, type: 'string', value: '<path|->', description: `read the ${what} from a file (- for stdin)` },
];

async function keyFromFlags(ctx: Context, v: Values): Promise<void> {
  const file = v.flags['key-file'];
  if (typeof file === 'string') v.params.key = (await readTextArg(ctx, file, '--key-file')).trim();
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
    addFlags: [{ name: 'title', short: 't', type: 'string', prompt: 'Title:', description: 'a name for the key' }, ...keyFlags('public key')],
    addExamples: [
      'collab user key add --title laptop --key-file ~/.ssh/id_ed25519.pub',
      'collab user key add --title ci --key "ssh-ed25519 AAAA... ci@example" --user 42',
    ],
    addPrepare: keyFromFlags,
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
    addExamples: [
      'collab user gpg-key add --key-file alice.asc',
      'collab user gpg-key add --key-file - --user 42 < alice.asc',
    ],
    addPrepare: keyFromFlags,
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
