import { createHash } from 'node:crypto';
import type { CiVariable, Package, Release, ReleaseLink } from '../ci-state.js';
import type { Project } from '../model.js';
import { storeBytes } from '../package-files.js';
import type { Store } from '../store.js';
import { at } from '../time.js';

/**
 * What acme/platform/api ships, in the GitLab flavour's demo world (seeded once the sandbox knows
 * its URL, since release links point at it): generic packages `acme-api` 0.9.0, 1.0.0 and a hidden
 * 1.1.0-rc.1, with their files under the data directory; releases v0.9 (historical, a runbook link)
 * and v1.0 (milestone v1.0, evidence, package links with direct asset paths); CI/CD variables of
 * the project (masked and protected, file variables scoped to two environments, raw, described)
 * and of group acme (one masked and hidden).
 */
export async function seedCiAssets(store: Store): Promise<void> {
  const api = store.findProject('acme/platform/api');
  const acme = store.findGroup('acme');
  const alice = store.userByName('alice');
  if (!api || !acme || !alice) return;
  const binary = (version: string) =>
    Buffer.from(`#!/bin/sh\n# acme-api ${version} for linux-amd64 (sandbox demo)\necho "acme-api ${version}"\n`);
  await seedPackage(store, api, '0.9.0', { 'acme-api-linux-amd64': binary('0.9.0') }, at(2026, 9, 1));
  const v1 = binary('1.0.0');
  const sum = `${createHash('sha256').update(v1).digest('hex')}  acme-api-linux-amd64\n`;
  await seedPackage(store, api, '1.0.0', { 'acme-api-linux-amd64': v1, 'checksums.txt': Buffer.from(sum) }, at(2026, 10, 26, 8));
  const rc = await seedPackage(store, api, '1.1.0-rc.1', { 'acme-api-linux-amd64': binary('1.1.0-rc.1') }, at(2026, 10, 30));
  rc.status = 'hidden';

  const packageUrl = (version: string, file: string) =>
    `${store.baseUrl}/api/v4/projects/${api.id}/packages/generic/acme-api/${version}/${file}`;
  seedRelease(store, api, alice.id, {
    tag: 'v0.9',
    name: 'v0.9 beta',
    description: '## Changes\n\n- First public beta\n',
    at: at(2026, 9, 1),
    evidence: false,
    links: [{ name: 'Runbook', url: 'https://runbooks.example.com/acme-api', directAssetPath: null, linkType: 'runbook' }],
  });
  seedRelease(store, api, alice.id, {
    tag: 'v1.0',
    name: 'v1.0',
    description: '## Changes\n\n- Rate limiting on public endpoints\n- Token refresh race fixed\n',
    at: at(2026, 10, 26, 9),
    evidence: true,
    milestone: store.milestoneByTitle(api.id, 'v1.0')?.id,
    links: [
      {
        name: 'acme-api-linux-amd64',
        url: packageUrl('1.0.0', 'acme-api-linux-amd64'),
        directAssetPath: '/bin/acme-api-linux-amd64',
        linkType: 'package',
      },
      { name: 'checksums.txt', url: packageUrl('1.0.0', 'checksums.txt'), directAssetPath: '/checksums.txt', linkType: 'other' },
    ],
  });

  const variable = (key: string, value: string, more: Partial<CiVariable> = {}): CiVariable => ({
    ...{ key, value, variableType: 'env_var', protected: false, masked: false, hidden: false, raw: false },
    ...{ environmentScope: '*', description: null, ...more },
  });
  store.ci
    .variablesOf('project', api.id)
    .push(
      variable('DEPLOY_TOKEN', 'sandbox-deploy-token-0a1b2c3d', { masked: true, protected: true, description: 'Token of the deploy job' }),
      variable('KUBECONFIG', 'apiVersion: v1\nkind: Config\n# production\n', { variableType: 'file', environmentScope: 'production' }),
      variable('KUBECONFIG', 'apiVersion: v1\nkind: Config\n# staging\n', { variableType: 'file', environmentScope: 'staging' }),
      variable('LOG_LEVEL', 'debug', { description: 'Verbosity of the test jobs' }),
      variable('DOCS_TEMPLATE', 'Built from $CI_COMMIT_SHA by $GITLAB_USER_LOGIN', { raw: true }),
    );
  store.ci
    .variablesOf('group', acme.id)
    .push(
      variable('REGISTRY_PASSWORD', 'sandbox-registry-password-9z8y', { masked: true, hidden: true, protected: true }),
      variable('ORG_NAME', 'Acme Corp'),
    );
}

async function seedPackage(
  store: Store,
  project: Project,
  version: string,
  files: Record<string, Buffer>,
  createdAt: number,
): Promise<Package> {
  const ci = store.ci;
  const pkg: Package = {
    ...{ id: ci.nextId('package'), projectId: project.id, name: 'acme-api', version, packageType: 'generic' },
    ...{ status: 'default', createdAt, lastDownloadedAt: null, files: [] },
  };
  for (const [fileName, data] of Object.entries(files)) {
    const id = ci.nextId('file');
    const stored = await storeBytes(ci.dataDir, `${id}.bin`, data);
    pkg.files.push({ id, packageId: pkg.id, fileName, createdAt, ...stored });
  }
  ci.packages.set(pkg.id, pkg);
  return pkg;
}

interface DemoRelease {
  tag: string;
  name: string;
  description: string;
  at: number;
  evidence: boolean;
  milestone?: number;
  links: Omit<ReleaseLink, 'id' | 'createdAt'>[];
}

function seedRelease(store: Store, project: Project, authorId: number, d: DemoRelease): void {
  const ci = store.ci;
  const sha = ci.projectTags(project.id).get(d.tag) ?? '0'.repeat(40);
  const release: Release = {
    ...{ id: ci.nextId('release'), projectId: project.id, tag: d.tag, name: d.name, description: d.description },
    ...{ createdAt: d.at, releasedAt: d.at, authorId, sha, milestoneIds: d.milestone === undefined ? [] : [d.milestone] },
    links: d.links.map((l, i) => ({ ...l, id: ci.nextId('link'), createdAt: d.at + i })),
    evidenceAt: d.evidence ? d.at : null,
  };
  ci.releases.set(release.id, release);
}
