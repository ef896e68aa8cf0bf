/**
 * Private CAs in CI, end to end: a self-managed GitLab whose certificate a private CA signed. The
 * runner hands the job that CA in CI_SERVER_TLS_CA_FILE (gitlab-runner's `tls-ca-file`, which its
 * own helper trusts for the instance, over the system's store); collab trusts it for CI_SERVER_URL's
 * instance only. Apart from CI, collab trusts the system's CA store (SSL_CERT_FILE, else the
 * distribution's bundle) as curl and git do — not only the CAs built into Node.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBytes, tempDir } from '../helpers/e2e.js';
import { type CiPipelineModel, type GitlabCi, runnerEnv, startGitlabCi } from '../helpers/gitlab-ci.js';
import { makeCa, type TestCa } from '../helpers/pki.js';

const pipelines: CiPipelineModel[] = [
  { id: 40, ref: 'main', status: 'success', jobs: [{ id: 400, name: 'build', status: 'success', files: { 'out.txt': 'built' } }] },
];

let ca: TestCa;
let instance: GitlabCi;
/** Another instance whose certificate the same CA signed: CI_SERVER_TLS_CA_FILE is not for it. */
let other: GitlabCi;
beforeAll(async () => {
  ca = makeCa();
  instance = await startGitlabCi(pipelines, { tls: ca.issue(['IP:127.0.0.1']) });
  other = await startGitlabCi(pipelines, { tls: ca.issue(['IP:127.0.0.1']) });
});
afterAll(async () => {
  await instance?.close();
  await other?.close();
});

const artifact = ['job', 'artifact', '--job', 'build', 'out.txt'];

describe('CI_SERVER_TLS_CA_FILE', () => {
  it("is trusted for the CI job's own instance", async () => {
    const r = await runBytes(runnerEnv(instance, pipelines[0]!, { CI_SERVER_TLS_CA_FILE: ca.file }), artifact, tempDir());
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.toString()).toBe('built');
  });

  it('without it the certificate is refused (exit 1, a TLS error naming the host), and nothing is read', async () => {
    const before = instance.seen.length;
    const r = await runBytes(runnerEnv(instance, pipelines[0]!), artifact, tempDir());
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^collab: TLS certificate problem with 127\.0\.0\.1:\d+/);
    expect(instance.seen.length).toBe(before);
  });

  it('is not trusted for another host, nor outside a CI job', async () => {
    const elsewhere = await runBytes(
      { ...runnerEnv(instance, pipelines[0]!, { CI_SERVER_TLS_CA_FILE: ca.file }), COLLAB_HOST: other.url, COLLAB_TOKEN: 'glpat-personal' },
      [...artifact, '--ref', 'main', '-p', '7'],
      tempDir(),
    );
    expect(elsewhere.exitCode).toBe(1);
    expect(elsewhere.stderr).toContain('TLS certificate problem');
    expect(other.seen).toEqual([]);
    const outside = await runBytes(
      {
        ...runnerEnv(instance, pipelines[0]!, { CI_SERVER_TLS_CA_FILE: ca.file }),
        CI: undefined,
        GITLAB_CI: undefined,
        COLLAB_HOST: instance.url,
      },
      [...artifact, '--ref', 'main', '-p', '7'],
      tempDir(),
    );
    expect(outside.stderr).toContain('TLS certificate problem');
  });

  it('an unreadable one is exit 2 naming the variable, before anything is sent', async () => {
    const before = instance.seen.length;
    const r = await runBytes(runnerEnv(instance, pipelines[0]!, { CI_SERVER_TLS_CA_FILE: '/nonexistent/ca.pem' }), artifact, tempDir());
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^collab: cannot read CI_SERVER_TLS_CA_FILE \/nonexistent\/ca\.pem/);
    expect(instance.seen.length).toBe(before);
  });
});

describe("the system's CA store", () => {
  it("SSL_CERT_FILE (the system bundle as OpenSSL, curl and git read it) is trusted beside Node's own CAs", async () => {
    const dir = tempDir();
    const bundle = path.join(dir, 'ca-certificates.crt');
    fs.writeFileSync(bundle, fs.readFileSync(ca.file));
    const env = { COLLAB_HOST: instance.url, COLLAB_TOKEN: 'glpat-personal' };
    const args = [...artifact, '--ref', 'main', '-p', '7'];
    const trusted = await runBytes({ ...env, SSL_CERT_FILE: bundle }, args, dir);
    expect(trusted.exitCode, trusted.stderr).toBe(0);
    expect(trusted.stdout.toString()).toBe('built');
    const without = await runBytes({ ...env, SSL_CERT_FILE: path.join(dir, 'empty.crt') }, args, dir);
    expect(without.stderr).toContain('TLS certificate problem');
  });
});
