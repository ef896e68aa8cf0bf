import { createHash } from 'node:crypto';
import type { ImpersonationToken, User } from '../model.js';
import { newUser } from '../routes/users.js';
import type { Store } from '../store.js';
import { at, DAY_MS } from '../time.js';

export const DEMO_TOKENS = {
  admin: 'sandbox-admin-token',
  alice: 'sandbox-user-token',
  bob: 'sandbox-bob-token',
  oauth: 'sandbox-oauth-token',
  job: 'sandbox-job-token',
  /** The same job's token as GitLab writes job tokens, for COLLAB_TOKEN. */
  glcbt: 'glcbt-sandbox-job-token',
  session: 'sandbox-session-alice',
} as const;

/**
 * The details GitLab keeps of a demo personal access token (`GET /personal_access_tokens/self`):
 * fixed ids past the impersonation tokens', so seeding them moves no other id.
 */
function personal(id: number, user: User, token: string, scopes: string[], expiresAt: string | null): ImpersonationToken {
  return { id, userId: user.id, name: `sandbox ${user.username}`, token, scopes, revoked: false, createdAt: at(2025, 1, 2), expiresAt };
}

export interface DemoUsers {
  root: User;
  alice: User;
  bob?: User;
  carol?: User;
  dave?: User;
  erin?: User;
}

/** A syntactically valid ed25519 public key line, derived from a seed. */
export function demoSshKey(seed: string, comment: string): string {
  const type = Buffer.from('ssh-ed25519');
  const key = createHash('sha256').update(seed).digest();
  const blob = Buffer.alloc(4 + type.length + 4 + key.length);
  blob.writeUInt32BE(type.length, 0);
  type.copy(blob, 4);
  blob.writeUInt32BE(key.length, 4 + type.length);
  key.copy(blob, 8 + type.length);
  return `ssh-ed25519 ${blob.toString('base64')} ${comment}`;
}

export function demoGpgKey(seed: string): string {
  const body = createHash('sha512').update(seed).digest('base64');
  return (
    `-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQENBF${body.slice(0, 60)}\n${body.slice(60)}==\n=sbox\n-----END ` +
    `PGP PUBLIC KEY BLOCK-----`
  );
}

function profile(user: User, fields: Partial<User>): User {
  Object.assign(user, fields);
  return user;
}

export function seedUsers(store: Store, full: boolean): DemoUsers {
  const now = store.now();
  const root = profile(
    newUser(store, { username: 'root', name: 'Administrator', email: 'admin@example.com', admin: true, createdAt: at(2025, 1, 2) }),
    {
      privateToken: DEMO_TOKENS.admin,
      bio: 'Instance administrator',
      lastSignInAt: at(2026, 10, 30),
      currentSignInAt: at(2026, 10, 31),
      lastActivityAt: now - 1 * DAY_MS,
    },
  );
  const alice = profile(
    newUser(store, { username: 'alice', name: 'Alice Liddell', email: 'alice@example.com', createdAt: at(2025, 1, 3) }),
    {
      privateToken: DEMO_TOKENS.alice,
      bio: 'Platform team lead',
      location: 'Lisbon',
      organization: 'Acme',
      websiteUrl: 'https://alice.example.com',
      messenger: 'alice.l',
      professionalProfile: 'alice-liddell',
      microblog: '@alice',
      lastSignInAt: at(2026, 10, 29),
      currentSignInAt: at(2026, 10, 30),
      lastActivityAt: now - 2 * DAY_MS,
      customAttributes: { team: 'platform', location: 'eu' },
    },
  );
  store.tokens.set(DEMO_TOKENS.admin, {
    kind: 'private',
    userId: root.id,
    note: 'admin (root)',
    personal: personal(9001, root, DEMO_TOKENS.admin, ['api', 'sudo', 'admin_mode'], null),
  });
  store.tokens.set(DEMO_TOKENS.alice, {
    kind: 'private',
    userId: alice.id,
    note: 'alice: owner of acme, member of private projects',
    personal: personal(9002, alice, DEMO_TOKENS.alice, ['api'], '2030-06-30'),
  });
  store.tokens.set(DEMO_TOKENS.oauth, { kind: 'oauth', userId: alice.id, note: 'alice, OAuth: send as Authorization: Bearer' });
  if (!full) return { root, alice };

  const bob = profile(newUser(store, { username: 'bob', name: 'Bob Stone', email: 'bob@example.com', createdAt: at(2025, 2, 10) }), {
    privateToken: DEMO_TOKENS.bob,
    bio: 'Works on the labs projects',
    lastActivityAt: now - 20 * DAY_MS,
    customAttributes: { team: 'labs' },
  });
  const carol = profile(newUser(store, { username: 'carol', name: 'Carol Chen', email: 'carol@example.com', createdAt: at(2025, 3, 1) }), {
    bio: 'Backend developer',
    external: false,
    lastActivityAt: now - 5 * DAY_MS,
    customAttributes: { team: 'platform' },
  });
  const dave = profile(newUser(store, { username: 'dave', name: 'Dave Miller', email: 'dave@example.com', createdAt: at(2025, 3, 15) }), {
    state: 'blocked',
    external: true,
    lastActivityAt: now - 300 * DAY_MS,
  });
  const erin = profile(newUser(store, { username: 'erin', name: 'Erin Park', email: 'erin@example.com', createdAt: at(2025, 4, 2) }), {
    state: 'ldap_blocked',
    identities: [{ provider: 'ldapmain', extern_uid: 'uid=erin,ou=people,dc=acme,dc=example' }],
  });
  carol.identities = [{ provider: 'ldapmain', extern_uid: 'uid=carol,ou=people,dc=acme,dc=example' }];
  store.tokens.set(DEMO_TOKENS.bob, {
    kind: 'private',
    userId: bob.id,
    note: 'bob: not a member of the private projects',
    personal: personal(9003, bob, DEMO_TOKENS.bob, ['api', 'read_user'], '2030-01-15'),
  });

  const keys: [User, string][] = [
    [root, 'root@admin-laptop'],
    [alice, 'alice@work'],
    [alice, 'alice@home'],
    [bob, 'bob@desktop'],
  ];
  for (const [user, comment] of keys) {
    const id = store.nextId('key');
    store.sshKeys.set(id, { id, userId: user.id, title: comment, key: demoSshKey(`key:${comment}`, comment), createdAt: at(2025, 5, id) });
  }
  const gpgId = store.nextId('gpg');
  store.gpgKeys.set(gpgId, { id: gpgId, userId: alice.id, key: demoGpgKey('gpg:alice'), createdAt: at(2025, 5, 20) });
  for (const [user, email] of [
    [alice, 'alice@personal.example'],
    [alice, 'alice.liddell@acme.example'],
    [bob, 'bob@labs.example'],
  ] as const) {
    const id = store.nextId('email');
    store.emails.set(id, { id, userId: user.id, email });
  }
  const tokens = [
    { user: alice, name: 'ci-bot', scopes: ['api'], revoked: false, expiresAt: null, token: 'sandbox-impersonation-alice' },
    { user: alice, name: 'old-laptop', scopes: ['read_user'], revoked: true, expiresAt: null, token: 'sandbox-impersonation-revoked' },
    {
      user: carol,
      name: 'migration',
      scopes: ['api', 'read_user'],
      revoked: false,
      expiresAt: '2030-12-31',
      token: 'sandbox-impersonation-carol',
    },
  ];
  for (const t of tokens) {
    const id = store.nextId('token');
    store.impersonationTokens.set(id, {
      id,
      userId: t.user.id,
      name: t.name,
      token: t.token,
      scopes: t.scopes,
      revoked: t.revoked,
      createdAt: at(2025, 6, id),
      expiresAt: t.expiresAt,
    });
    if (!t.revoked)
      store.tokens.set(t.token, { kind: 'private', userId: t.user.id, note: `impersonation token "${t.name}" of ${t.user.username}` });
  }
  return { root, alice, bob, carol, dave, erin };
}
