import { type Columns, columnSet, withCard } from '../output/columns.js';
import { userCard } from './cards.js';
import { ACTIVITY_FIELDS, EMAIL_FIELDS, GPG_KEY_FIELDS, IMPERSONATION_TOKEN_FIELDS, SSH_KEY_FIELDS, USER_FIELDS } from './fields.js';

/** Impersonation token list filter (part 2 §4.4). */
export const TOKEN_STATES = ['all', 'active', 'inactive'] as const;
/** Scopes an impersonation token may carry (part 2 §2.5). */
export const TOKEN_SCOPES = ['api', 'read_user'] as const;

export const userColumns: Columns = withCard(
  columnSet(
    [
      { key: 'id', kind: 'number', priority: 0 },
      { key: 'username', priority: 0 },
      { key: 'name', priority: 2 },
      { key: 'state', kind: 'state', priority: 1 },
      { key: 'email', priority: 2 },
      { key: 'web_url', header: 'url', priority: 3 },
    ],
    USER_FIELDS,
  ),
  userCard,
);

export const sshKeyColumns: Columns = columnSet(
  [
    { key: 'id', kind: 'number' },
    { key: 'title' },
    { key: 'usage_type', header: 'usage' },
    { key: 'created_at', header: 'created', kind: 'date' },
  ],
  SSH_KEY_FIELDS,
);

export const gpgKeyColumns: Columns = columnSet(
  [
    { key: 'id', kind: 'number' },
    { key: 'created_at', header: 'created', kind: 'date' },
    // The armored block is long; its first line of key material is enough to tell keys apart.
    { key: 'key', get: (k: { key?: unknown }) => armoredSummary(k.key) },
  ],
  GPG_KEY_FIELDS,
);

export const emailColumns: Columns = columnSet([{ key: 'id', kind: 'number' }, { key: 'email' }], EMAIL_FIELDS);

export const tokenColumns: Columns = columnSet(
  [
    { key: 'id', kind: 'number' },
    { key: 'name' },
    { key: 'active', kind: 'bool' },
    { key: 'revoked', kind: 'bool' },
    { key: 'scopes' },
    { key: 'expires_at', header: 'expires' },
    { key: 'created_at', header: 'created', kind: 'date' },
  ],
  IMPERSONATION_TOKEN_FIELDS,
);

export const activityColumns: Columns = columnSet(
  [{ key: 'username' }, { key: 'last_activity_on', header: 'last activity' }],
  ACTIVITY_FIELDS,
);

function armoredSummary(key: unknown): string {
  if (typeof key !== 'string') return '';
  const body = key
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('-----') && !/^[A-Za-z-]+: /.test(l));
  const first = body[0] ?? key.trim().split('\n')[0] ?? '';
  return first.length > 40 ? `${first.slice(0, 40)}…` : first;
}
