import { type Columns, columnSet, type Fields } from '../output/columns.js';

/** A project label (`GET /projects/:id/labels`, outside the spec's endpoint list; GitLab's ProjectLabel). */
export const LABEL_FIELDS: Fields = {
  spec: ['id', 'name', 'color', 'description'],
  gitlab: [
    'description_html',
    'text_color',
    'remove_on_close',
    'subscribed',
    'priority',
    'is_project_label',
    'open_issues_count',
    'closed_issues_count',
    'open_merge_requests_count',
  ],
};

export const labelColumns: Columns = columnSet(
  [{ key: 'id', kind: 'number' }, { key: 'name' }, { key: 'color' }, { key: 'description', kind: 'title' }],
  LABEL_FIELDS,
);
