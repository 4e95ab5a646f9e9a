import type { StandInContext } from '../context';
import { requireAdmin } from './authenticate';
import { isPgError } from '../db/types';
import { objectField, parseJsonObject, readJsonBody, stringField, type JsonObject } from './body';
import { AuthHttpError, badRequest, notFound, unprocessable } from './errors';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  insertUser,
  toGoTrueUser,
  updateUser,
  type UserChanges,
  type UserRow,
} from './users';
import { checkPasswordStrength, parseGoDuration, validateEmail } from './validation';

const DEFAULT_PER_PAGE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function positiveInt(value: string | null, fallback: number, name: string): number {
  if (value === null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw badRequest('validation_failed', `Bad Pagination Parameters: invalid ${name}`);
  return n || fallback;
}

/** GET /admin/users?page=&per_page=&filter= : newest first, with GoTrue's Link and X-Total-Count. */
export async function handleListUsers(request: Request, ctx: StandInContext): Promise<Response> {
  await requireAdmin(request, ctx);
  const url = new URL(request.url);
  const page = positiveInt(url.searchParams.get('page'), 1, 'page');
  const perPage = positiveInt(url.searchParams.get('per_page'), DEFAULT_PER_PAGE, 'per_page');
  const filter = url.searchParams.get('filter') ?? '';
  const where = `deleted_at is null and aud = 'authenticated'
    and ($1 = '' or email ilike '%' || $1 || '%' or raw_user_meta_data->>'full_name' ilike '%' || $1 || '%')`;
  const { rows: counted } = await ctx.db.query<{ total: number }>(
    `select count(*)::int as total from auth.users where ${where}`,
    [filter],
  );
  const { rows: ids } = await ctx.db.query<{ id: string }>(
    `select id from auth.users where ${where} order by created_at desc, id limit $2 offset $3`,
    [filter, perPage, (page - 1) * perPage],
  );
  const users = await Promise.all(ids.map(async ({ id }) => toGoTrueUser((await findUserById(ctx.db, id))!)));
  const total = counted[0].total;
  return Response.json(
    { users, aud: 'authenticated' },
    { headers: { Link: paginationLink(page, perPage, total), 'X-Total-Count': String(total) } },
  );
}

/** GoTrue's addPaginationHeaders (query keys sorted as Go's url.Values.Encode does). */
function paginationLink(page: number, perPage: number, total: number): string {
  const lastPage = Math.ceil(total / perPage);
  const link = (p: number, rel: string) => `</admin/users?page=${p}&per_page=${perPage}>; rel="${rel}"`;
  return (lastPage > page ? `${link(page + 1, 'next')}, ` : '') + link(lastPage, 'last');
}

async function loadUser(ctx: StandInContext, id: string): Promise<UserRow> {
  if (!UUID.test(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

function booleanField(body: JsonObject, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean')
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: json: cannot unmarshal ${typeof value} into Go struct field .${name} of type bool`,
    );
  return value;
}

/** ban_duration: 'none' lifts a ban, a Go duration bans until now + duration. */
function banUntil(body: JsonObject): Date | null | undefined {
  const duration = stringField(body, 'ban_duration');
  if (!duration) return undefined;
  if (duration === 'none') return null;
  return new Date(Date.now() + parseGoDuration(duration));
}

async function assertEmailFree(ctx: StandInContext, email: string) {
  if (await findUserByEmail(ctx.db, email))
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
}

/** POST /admin/users */
export async function handleCreateUser(request: Request, ctx: StandInContext): Promise<Response> {
  await requireAdmin(request, ctx);
  const body = await readJsonBody(request);
  const rawEmail = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  const password = stringField(body, 'password');
  const id = stringField(body, 'id');
  if (!rawEmail && !phone)
    throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  const email = rawEmail ? validateEmail(rawEmail) : null;
  if (email) await assertEmailFree(ctx, email);
  if (phone && (await findUserByPhone(ctx.db, phone)))
    throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
  if (password) checkPasswordStrength(password);
  if (id && !UUID.test(id)) throw badRequest('validation_failed', 'ID must conform to the uuid v4 format');
  const created = await insertUser(ctx.db, {
    id: id || undefined,
    email,
    phone: phone || null,
    password: password || null,
    emailConfirmed: booleanField(body, 'email_confirm') ?? false,
    phoneConfirmed: booleanField(body, 'phone_confirm') ?? false,
    userMetadata: objectField(body, 'user_metadata') ?? {},
    appMetadata: objectField(body, 'app_metadata') ?? {},
    role: stringField(body, 'role') || undefined,
    bannedUntil: banUntil(body),
  });
  return Response.json(toGoTrueUser(created));
}

/** GET /admin/users/:id */
export async function handleGetUserById(
  request: Request,
  ctx: StandInContext,
  id: string,
): Promise<Response> {
  await requireAdmin(request, ctx);
  return Response.json(toGoTrueUser(await loadUser(ctx, id)));
}

/** PUT /admin/users/:id */
export async function handleUpdateUserById(
  request: Request,
  ctx: StandInContext,
  id: string,
): Promise<Response> {
  await requireAdmin(request, ctx);
  const user = await loadUser(ctx, id);
  const body = await readJsonBody(request);
  const changes: UserChanges = {
    phone: stringField(body, 'phone') || undefined,
    emailConfirmed: booleanField(body, 'email_confirm') || undefined,
    phoneConfirmed: booleanField(body, 'phone_confirm') || undefined,
    userMetadata: objectField(body, 'user_metadata'),
    appMetadata: objectField(body, 'app_metadata'),
    role: stringField(body, 'role') || undefined,
    bannedUntil: banUntil(body),
  };
  const email = stringField(body, 'email');
  if (email && email.toLowerCase() !== user.email) {
    changes.email = validateEmail(email);
    await assertEmailFree(ctx, changes.email);
  }
  const password = stringField(body, 'password');
  if (password) {
    checkPasswordStrength(password);
    changes.password = password;
  }
  return Response.json(toGoTrueUser(await updateUser(ctx.db, id, changes)));
}

/** DELETE /admin/users/:id ({should_soft_delete} marks deleted_at instead of removing the row). */
export async function handleDeleteUserById(
  request: Request,
  ctx: StandInContext,
  id: string,
): Promise<Response> {
  await requireAdmin(request, ctx);
  const user = await loadUser(ctx, id);
  const text = await request.text();
  const soft = text.trim() ? booleanField(parseJsonObject(text), 'should_soft_delete') : false;
  if (soft) {
    await ctx.db.query(
      `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '' where id = $1`,
      [user.id],
    );
    await ctx.db.query('delete from auth.sessions where user_id = $1', [user.id]);
  } else {
    await ctx.db.query('delete from auth.users where id = $1', [user.id]).catch((error: unknown) => {
      // e.g. a row of the product's tables still references the user (23503).
      if (isPgError(error))
        throw new AuthHttpError(500, 'unexpected_failure', 'Database error deleting user');
      throw error;
    });
  }
  return Response.json({});
}
