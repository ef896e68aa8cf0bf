import { both, entity, extend, gitlab } from '../entity.js';
import type { Label } from '../model.js';

/** Labels: in lists of a project's labels, and in board lists. */

/** `LabelBasic` (lib/api/entities/label_basic.rb): labels lists, board lists. */
const LABEL = entity<Label>('LabelBasic: lib/api/entities/label_basic.rb', {
  id: both((l) => l.id),
  name: both((l) => l.name),
  color: both((l) => l.color),
  description: both((l) => l.description),
  description_html: gitlab((l) => (l.description ? `<p>${escapeHtml(l.description)}</p>` : '')),
  text_color: gitlab((l) => textColor(l.color)),
  remove_on_close: gitlab(() => false),
});

/** A board list's label: the spec shows its name, colour and description. */
export const BOARD_LABEL = extend<Label, Label>(LABEL, 'LabelBasic', { id: gitlab((l) => l.id) });

const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** GitLab picks white or dark text by the label colour's luminance. */
function textColor(color: string): string {
  const hex = /^#?([0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return '#FFFFFF';
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return r * 0.299 + g * 0.587 + b * 0.114 > 186 ? '#333333' : '#FFFFFF';
}

/**
 * `ProjectLabel` (lib/api/entities/project_label.rb, over label.rb and label_basic.rb): a label of
 * `GET /projects/:id/labels`. The spec's servers send `LabelBasic`'s id, name, colour and description.
 */
export const PROJECT_LABEL = extend<Label, Label>(
  LABEL,
  'ProjectLabel: lib/api/entities/label.rb, lib/api/entities/project_label.rb',
  {
    subscribed: gitlab(() => false),
    priority: gitlab(() => null),
    is_project_label: gitlab(() => true),
  },
  {
    optional: {
      open_issues_count: 'sent with with_counts=true only (lib/api/helpers/label_helpers.rb), which the sandbox does not take',
      closed_issues_count: 'sent with with_counts=true only',
      open_merge_requests_count: 'sent with with_counts=true only',
    },
  },
);
