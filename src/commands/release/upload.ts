import { fillPath } from '../../api/path.js';
import type { Context } from '../../context.js';
import { formatBytes } from '../../download/progress.js';
import { ApiError, UsageError } from '../../errors.js';
import { defineCommand } from '../../executor/spec.js';
import { defaultFileName, genericPath, packageName, packageVersion } from '../../resources/generic-package.js';
import { noSuchApi } from '../../resources/gitlab-only.js';
import { checkFiles, uploadOne } from '../../resources/package-upload.js';
import { RELEASE_UPLOAD_RESULT } from '../../resources/release.js';
import { recordAsked } from '../../resources/saved-file.js';
import { isObject } from '../../shared/json.js';
import { filepathError } from '../../shared/release-links.js';
import { shellLine } from '../../shell-quote.js';
import { LINK_TYPES } from './links.js';
import { RELEASE_PATH, tagArg } from './write.js';

/** The generic package release files go into unless `--package-name` says otherwise. */
const DEFAULT_PACKAGE = 'release-assets';

/** `/<file>` as the link's direct asset path when GitLab takes it as one (`ab`: too short; `x.`: no). */
const pathFor = (fileName: string) => (filepathError(`/${fileName}`) === undefined ? `/${fileName}` : undefined);

/** The release as it is (its links' names); a missing one says how to create it. */
async function readRelease(ctx: Context, project: string, tag: string): Promise<{ links: { name?: unknown }[] }> {
  try {
    const res = await ctx.api().request({ method: 'GET', path: fillPath(RELEASE_PATH, { project, tag }), expect: { kind: 'object' } });
    const links = isObject(res.data) && isObject(res.data.assets) && Array.isArray(res.data.assets.links) ? res.data.assets.links : [];
    return { links: links.filter(isObject) };
  } catch (err) {
    const none = await noSuchApi(ctx, 'releases', err as never);
    if (none) throw none;
    if (err instanceof ApiError && err.status === 404 && !/project/i.test(err.message))
      throw new ApiError(`${project} has no release ${tag}`, 404, err.body, `create it first: ${shellLine`collab release create ${tag}`}`);
    throw err;
  }
}

export const upload = defineCommand({
  name: 'upload',
  summary: 'Upload files to the package registry and link them to a release',
  description:
    "Upload files to a release, as glab's --use-package-registry does: each file goes into the " +
    "project's generic package registry (package release-assets, version the tag: --package-name, " +
    '--package-version), streamed with its size, its SHA-256 checked against what GitLab stored; ' +
    'then the release gets an asset link to it (link type package, direct asset path /<file>). One ' +
    'line per file; -o json: a record per file with its size, SHA-256 and URL. The release must ' +
    'exist; inside a CI job the job token is enough.',
  examples: [
    'collab release upload v1.2.3 dist/tool-linux dist/tool-macos -p acme/platform/api',
    'collab release upload "$CI_COMMIT_TAG" dist/* -o json   # inside a CI job, with the job token',
  ],
  args: [tagArg, { name: 'file', type: 'string', variadic: true, disk: 'read', description: 'files to upload' }],
  project: 'required',
  flags: [
    {
      name: 'package-name',
      param: false,
      type: 'string',
      description: `the generic package the files go into (default ${DEFAULT_PACKAGE})`,
    },
    { name: 'package-version', param: false, type: 'string', description: 'its version (default: the tag)' },
    { name: 'type', param: false, type: 'enum', choices: LINK_TYPES, default: 'package', description: "the links' type" },
  ],
  columns: RELEASE_UPLOAD_RESULT,
  effect: 'write',
  run: async (ctx, v) => {
    const project = String(v.project);
    const tag = v.args.tag;
    const name = packageName(v.flags['package-name'] ?? DEFAULT_PACKAGE, '--package-name');
    const version = packageVersion(
      v.flags['package-version'] ?? tag,
      v.flags['package-version'] ? '--package-version' : 'the tag (give --package-version)',
    );
    const files = v.args.file;
    if (files.includes('-')) throw new UsageError('release upload takes files, not standard input: a link names each by its file name');
    checkFiles(ctx, files, undefined);
    const plan = files.map((file) => ({ file, fileName: defaultFileName(file) }));
    const { links } = await readRelease(ctx, project, tag);
    for (const { fileName } of plan)
      if (links.some((l) => l.name === fileName))
        throw new UsageError(
          `release ${tag} has a link named ${fileName} already`,
          `${shellLine`collab release link list ${tag}`} shows it; delete it first`,
        );
    const api = ctx.api();
    const records = async function* () {
      for (const { file, fileName } of plan) {
        const apiPath = genericPath(project, name, version, fileName);
        const up = await uploadOne(ctx, { project, name, version }, file, fileName, apiPath);
        const url = `${api.origin}${api.apiPrefix}${apiPath}`;
        const link = await api.request({
          method: 'POST',
          path: fillPath(`${RELEASE_PATH}/assets/links`, { project, tag }),
          body: { name: fileName, url, link_type: v.flags.type, ...(pathFor(fileName) ? { direct_asset_path: pathFor(fileName) } : {}) },
          expect: { kind: 'object', key: 'id' },
        });
        const made = link.data as Record<string, unknown>;
        ctx.success(`Uploaded ${file} (${formatBytes(up.size)}) to release ${tag} of ${project}: ${String(made.direct_asset_url ?? url)}`);
        yield {
          file,
          name: fileName,
          size: up.size,
          sha256: up.sha256,
          gitlab_sha256: up.packageFile?.file_sha256 ?? null,
          url,
          direct_asset_url: made.direct_asset_url ?? null,
          link_id: made.id,
          package: name,
          version,
        };
      }
    };
    if (recordAsked(ctx)) await ctx.printer('json').list(records(), RELEASE_UPLOAD_RESULT);
    else for await (const _ of records());
  },
});
