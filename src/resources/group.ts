import { type Columns, columnSet, withCard } from '../output/columns.js';
import { groupCard } from './cards.js';
import { GROUP_FIELDS, LDAP_LINK_FIELDS } from './project-fields.js';

export const GROUP_ORDER_BY = ['name', 'path'] as const;

/** Access levels by name, for `--group-access`; numbers are accepted as they are. */
export const ACCESS_LEVELS: Record<string, number> = { guest: 10, reporter: 20, developer: 30, maintainer: 40, owner: 50 };

/** A group list: the description takes the room left; VISIBILITY goes on a narrow terminal. */
export const groupColumns: Columns = withCard(
  columnSet(
    [
      { key: 'id', header: 'ID', kind: 'number', priority: 0 },
      { key: 'full_path', header: 'path', priority: 0 },
      { key: 'visibility', kind: 'state', priority: 1 },
      { key: 'description', kind: 'title', priority: 0 },
    ],
    GROUP_FIELDS,
  ),
  groupCard,
);

export const ldapLinkColumns: Columns = columnSet(
  [{ key: 'cn', header: 'CN' }, { key: 'group_access', header: 'access' }, { key: 'provider' }],
  LDAP_LINK_FIELDS,
);
