import type { Context } from '../../context.js';
import type { Values } from '../../executor/inputs.js';
import { defineCommand } from '../../executor/spec.js';
import { writeOut } from '../../output/io.js';
import { tableText } from '../../output/sanitize.js';
import { humanDuration } from '../../output/values.js';
import { givenPipeline, pipelineArg, pipelinesExplain } from './shared.js';

/** `TestReportSummaryEntity` (app/serializers/test_report_summary_entity.rb, test_suite_summary_entity.rb). */
interface Summary {
  total?: {
    time?: number;
    count?: number;
    success?: number;
    failed?: number;
    skipped?: number;
    error?: number;
    suite_error?: string | null;
  };
  test_suites?: {
    name?: string;
    total_time?: number;
    total_count?: number;
    failed_count?: number;
    error_count?: number;
    skipped_count?: number;
    build_ids?: number[];
    suite_error?: string | null;
  }[];
}

const n = (x: unknown) => (typeof x === 'number' ? x : 0);

/** The totals on one line, then each suite that failed (or could not be read), with the jobs that ran it. */
function summaryLines(id: unknown, s: Summary): string[] {
  const t = s.total ?? {};
  const time = humanDuration(t.time);
  const lines = [
    `pipeline ${String(id)}: ${n(t.count)} tests${time ? ` in ${time}` : ''}: ${n(t.success)} passed, ${n(t.failed)} failed, ` +
      `${n(t.skipped)} skipped, ${n(t.error)} errors`,
  ];
  if (t.suite_error) lines.push(`error: ${tableText(t.suite_error)}`);
  const failed = (s.test_suites ?? []).filter((x) => n(x.failed_count) + n(x.error_count) > 0 || x.suite_error);
  if (failed.length > 0) lines.push('failed suites:');
  for (const suite of failed) {
    const jobs = (suite.build_ids ?? []).map((b) => `job ${b}`).join(', ');
    const why = suite.suite_error ? `: ${tableText(suite.suite_error)}` : '';
    lines.push(
      `  ${tableText(suite.name ?? '?')}: ${n(suite.failed_count)} failed, ${n(suite.error_count)} errors of ${n(suite.total_count)}` +
        `${jobs ? ` (${jobs})` : ''}${why}`,
    );
  }
  return lines;
}

async function print(ctx: Context, v: Values, data: unknown): Promise<void> {
  const printer = ctx.printer();
  if (printer.json) return printer.object(data);
  await writeOut(ctx.io.stdout, `${summaryLines(v.args.pipeline_id, (data ?? {}) as Summary).join('\n')}\n`);
}

export const report = defineCommand({
  name: 'report',
  aliases: ['test-report'],
  summary: "A pipeline's test report: totals and the suites that failed",
  description:
    "The summary of a pipeline's unit test reports (GET …/pipelines/:id/test_report_summary): " +
    'the totals on one line, then each suite with failed or erroring tests, and the jobs that ran ' +
    'it (`collab job trace <id>` reads them). -o json prints the summary as GitLab sends it.',
  examples: ['collab pipeline report 4711 -p acme/platform/api', 'collab pipeline report current -o json   # inside a CI job'],
  args: [pipelineArg],
  project: 'required',
  prepare: (ctx, v) => {
    Object.assign(v.args, { pipeline_id: givenPipeline(ctx, v) });
  },
  method: 'GET',
  path: '/projects/:project/pipelines/:pipeline_id/test_report_summary',
  answer: { kind: 'object' },
  uses: ['output'],
  explain: pipelinesExplain,
  print,
});
