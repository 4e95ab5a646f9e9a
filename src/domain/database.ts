import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database, Tables } from '../database.types.ts';

/**
 * Row, view and RPC types derived from src/database.types.ts (generated from the migrations by
 * `npm run gen:types`), so a renamed or retyped column fails the typecheck where it is used instead
 * of at run time. Extension-ful import: the edge functions (Deno) import this file too.
 */

/** A supabase-js client typed by the database: `.from()`, `.rpc()` and their answers are checked. */
export type DatabaseClient = SupabaseClient<Database>;

type PublicSchema = Database['public'];
type TableName = keyof PublicSchema['Tables'];
type ViewName = keyof PublicSchema['Views'];
type FunctionName = keyof PublicSchema['Functions'];

/** A function's arguments as `.rpc(name, args)` takes them. */
export type RpcArgs<F extends FunctionName> = PublicSchema['Functions'][F]['Args'];

/** What `.rpc(name)` answers: for a set-returning function, the array of its rows. */
export type RpcReturns<F extends FunctionName> = PublicSchema['Functions'][F]['Returns'];

/** One row of a set-returning function. */
export type RpcRow<F extends FunctionName> = RpcReturns<F> extends ReadonlyArray<infer R> ? R : never;

/**
 * A view's row, each column typed as its base table types it. Postgres reports every view column
 * as nullable, so the generator types them all `T | null` (as `supabase gen types` does); a column
 * the view passes through from `Base` keeps the table's type (its NOT NULL included), and a column
 * the view adds (an owner's email, a count) keeps the view's.
 */
export type ViewRow<V extends ViewName, Base extends TableName> = {
  [C in keyof PublicSchema['Views'][V]['Row']]: C extends keyof Tables<Base>
    ? Tables<Base>[C]
    : PublicSchema['Views'][V]['Row'][C];
};

/**
 * A row of a `returns table (...)` function with the columns that can be null said so. The
 * generator types such columns as never null (it cannot see through the function's body); the
 * caller names the columns the function may answer null for.
 */
export type WithNulls<Row, Columns extends keyof Row> = {
  [C in keyof Row]: C extends Columns ? Row[C] | null : Row[C];
};
