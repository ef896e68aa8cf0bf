/** A card's rules, drawn exactly: every line fits, long values are cut with `…`, URLs stay whole. */
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { type Card, type CardFrame, drawCard, span } from '../../src/output/card.js';
import { painter } from '../../src/output/paint.js';
import { issueCard } from '../../src/resources/issue.js';
import { jobCard } from '../../src/resources/job.js';
import { mergeRequestCard } from '../../src/resources/mr.js';

const NOW = new Date('2026-11-25T12:00:00Z');
const frame = (width: number, colour = false): CardFrame => ({
  width,
  colorLevel: colour ? 1 : 0,
  measure: (t) => stringWidth(t),
  paint: painter(colour ? 1 : 0),
  now: NOW,
});

const card = (over: Partial<Card> = {}): Card => ({
  title: 'Crash on save',
  reference: 'acme/web#3',
  status: [span('Open', 'state', 'opened'), span('alice opened 2 days ago', 'dim'), span('3 comments', 'dim')],
  fields: [],
  ...over,
});

describe('drawCard', () => {
  it('the title and reference, the status parts apart by · as many as fit on a line', async () => {
    expect(await drawCard(card(), frame(80), [])).toBe('Crash on save acme/web#3\nOpen · alice opened 2 days ago · 3 comments\n');
    expect(await drawCard(card(), frame(30), [])).toBe('Crash on save acme/web#3\nOpen · alice opened 2 days ago\n3 comments\n');
  });

  it('fields one a line with labels in a column; an empty one left out; a long one cut with … at the width', async () => {
    const fields = [
      { label: 'Labels', value: span('bug, a-very-long-label-name, another-one', 'label') },
      { label: 'Milestone', value: undefined },
      { label: 'Assignees', value: [...span('alice'), ...span(', ', 'dim'), ...span('bob')] },
      { label: 'Due', value: span('') },
    ];
    const out = await drawCard(card({ status: [], fields }), frame(30), []);
    expect(out).toBe('Crash on save acme/web#3\nLabels     bug, a-very-long-l…\nAssignees  alice, bob\n');
    for (const line of out.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(30);
  });

  it('a value that fills the line exactly is whole; one more cell and the last is `…`', async () => {
    const at = (value: string) =>
      drawCard(card({ title: 't', reference: undefined, status: [], fields: [{ label: 'L', value: span(value) }] }), frame(10), []);
    // 10 columns less `L` and two spaces: 7 cells for the value.
    expect(await at('1234567')).toBe('t\nL  1234567\n');
    expect(await at('12345678')).toBe('t\nL  123456…\n');
    // Two spans where the first fills the line: cut there, with the marker, as one text.
    const two = await drawCard(
      card({ title: 't', reference: undefined, status: [], fields: [{ label: 'L', value: [...span('1234567'), ...span('89')] }] }),
      frame(10),
      [],
    );
    expect(two).toBe('t\nL  123456…\n');
  });

  it('a URL is never cut: beside its label when it fits, else whole on the next line', async () => {
    const url = 'https://gitlab.example.com/acme/platform/api.git';
    const ssh = 'git@gitlab.example.com:acme/platform/api.git';
    const fields = [
      { label: 'Clone', value: span(url) },
      { label: 'SSH', value: span(ssh) },
    ];
    expect(await drawCard(card({ status: [], fields }), frame(100), [])).toBe(`Crash on save acme/web#3\nClone  ${url}\nSSH    ${ssh}\n`);
    expect(await drawCard(card({ status: [], fields }), frame(40), [])).toBe(`Crash on save acme/web#3\nClone\n${url}\nSSH\n${ssh}\n`);
  });

  it('the body as Markdown, `No description provided.` when empty, sections after it, then the link', async () => {
    const url = 'https://gitlab.example.com/acme/web/-/issues/3';
    const section = async () => ['alice commented', 'Looks good'];
    const out = await drawCard(card({ status: [], body: { text: '**Steps**', what: 'description' }, url }), frame(80), [section]);
    expect(out).toBe(`Crash on save acme/web#3\n\nSteps\n\nalice commented\nLooks good\n\nView it at ${url}\n`);
    const empty = await drawCard(card({ status: [], body: { text: '  ', what: 'description' }, url }), frame(30), []);
    expect(empty).toBe(`Crash on save acme/web#3\n\nNo description provided.\n\nView it at\n${url}\n`);
  });

  it('server text cannot move the cursor or colour the card', async () => {
    const out = await drawCard(
      card({ title: 'x\u001b[2J\u001b[31my', status: [span('a\u001b]8;;http://evil\u0007b')], fields: [] }),
      frame(80),
      [],
    );
    expect(out).not.toContain('\u001b');
  });

  it('in colour the title is bold and the state coloured by what it names', async () => {
    const out = await drawCard(card(), frame(80, true), []);
    expect(out.startsWith('\u001b[1mCrash on save\u001b[22m \u001b[2macme/web#3\u001b[22m\n\u001b[32mOpen\u001b[39m')).toBe(true);
  });
});

describe('the cards of the kinds', () => {
  it('an issue: state, author and when, comments; labels, assignees, milestone, due date', async () => {
    const issue = {
      iid: 3,
      title: 'Crash on save',
      state: 'opened',
      author: { username: 'alice' },
      created_at: '2026-11-23T12:00:00Z',
      user_notes_count: 1,
      labels: ['bug'],
      assignees: [{ username: 'bob' }, { username: 'carol' }],
      milestone: { title: 'v1.1' },
      due_date: '2026-11-30',
      web_url: 'https://gitlab.example.com/acme/web/-/issues/3',
      description: 'It crashes.',
    };
    expect(await drawCard(issueCard.card(issue, undefined, NOW), frame(80), [])).toBe(
      [
        'Crash on save acme/web#3',
        'Open · alice opened 2 days ago · 1 comment',
        'Labels     bug',
        'Assignees  bob, carol',
        'Milestone  v1.1',
        'Due        2026-11-30 (in 4 days)',
        '',
        'It crashes.',
        '',
        'View it at https://gitlab.example.com/acme/web/-/issues/3',
        '',
      ].join('\n'),
    );
  });

  it('a merge request: draft, branches, merge status in words, approvals missing, failed jobs, reviewers', async () => {
    const mr = {
      iid: 7,
      title: 'Draft: Faster login',
      state: 'opened',
      draft: true,
      author: { username: 'alice' },
      created_at: '2026-11-25T11:00:00Z',
      user_notes_count: 0,
      source_branch: 'feature/login',
      target_branch: 'main',
      detailed_merge_status: 'not_approved',
      head_pipeline: { id: 40, status: 'failed' },
      reviewers: [{ username: 'carol' }],
      references: { full: 'acme/web!7' },
      description: '',
    };
    const facts = { approvals: { approvals_required: 2, approvals_left: 2, approved_by: [] }, failedJobs: [{ id: 91, name: 'lint' }] };
    expect(await drawCard(mergeRequestCard.card(mr, facts, NOW), frame(80), [])).toBe(
      [
        'Draft: Faster login acme/web!7',
        'Open · Draft · alice opened 1 hour ago · 0 comments',
        'Branches      feature/login → main',
        'Merge status  not approved',
        'Approvals     2 required, 2 missing',
        'Pipeline      failed #40',
        'Failed jobs   lint (job 91)',
        'Reviewers     carol',
        '',
        'No description provided.',
        '',
      ].join('\n'),
    );
    const unread = mergeRequestCard.card(mr, { failedJobs: { error: '403 Forbidden' } }, NOW);
    expect(await drawCard({ ...unread, body: undefined }, frame(80), [])).toContain('Failed jobs   could not be read: 403 Forbidden\n');
  });

  it('a job: its commit in 8 characters, durations humanised', async () => {
    const job = {
      id: 19,
      name: 'deploy',
      status: 'failed',
      stage: 'deploy',
      ref: 'main',
      commit: { id: '0123456789abcdef0123456789abcdef01234567', title: 'Ship it' },
      duration: 3723.4,
      queued_duration: 30,
      failure_reason: 'script_failure',
    };
    const out = await drawCard(jobCard.card(job, undefined, NOW), frame(80), []);
    expect(out).toBe(
      [
        'deploy job 19',
        'failed · stage deploy',
        'Ref       main',
        'Commit    01234567 Ship it',
        'Duration  1h 02m 03s (queued 30s)',
        'Failure   script failure',
        '',
      ].join('\n'),
    );
  });
});
