import type { Context } from '../../context.js';
import { ApiError, UsageError } from '../../errors.js';

/** `--user`, `<user>`: a numeric id as is, a username resolved with `GET /users?username=`. */
export async function resolveUserId(ctx: Context, ref: string, label: string): Promise<number> {
  const s = ref.trim().replace(/^@/, '');
  if (s === '') throw new UsageError(`invalid value for ${label}: empty`);
  if (/^\d+$/.test(s)) {
    const id = Number(s);
    if (id < 1) throw new UsageError(`invalid value for ${label}: ${id} is below the minimum 1`);
    return id;
  }
  const res = await ctx.api().request<{ id: number; username: string }[]>({ method: 'GET', path: '/users', query: { username: s } });
  const found = Array.isArray(res.data) ? res.data.find((u) => u.username?.toLowerCase() === s.toLowerCase()) : undefined;
  if (!found) throw new ApiError(`404 no user with username "${s}"`, 404, undefined, 'list users with `collab user list --search <text>`');
  return found.id;
}
