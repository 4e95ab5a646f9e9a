import type { ContentLanguage } from '../domain/contentLanguages';
import type { DataProvider, RaRecord } from 'react-admin';
import type { UploadField } from '../storage/uploads';
import type { OrderTerm } from './paging';
import type { DatabaseClient } from '../domain/database';
import type { OperatorRole } from '../domain/operatorRoles';

/**
 * A column of the record `R` (its generated row type, src/database.types.ts): descriptors name
 * columns by this type, so a misspelt or dropped column fails `npm run typecheck`.
 */
export type Column<R> = Extract<keyof R, string>;

/** A column's text in another language, as PostgREST reads it from the row's translations. */
export type TranslatedColumn<C extends string> = `translations->${ContentLanguage}->>${C}`;

/** Reads a resource serves itself instead of from a table (e.g. users, through an RPC). */
export type ResourceReads = Pick<DataProvider, 'getList' | 'getOne' | 'getMany'>;

/** The Export button's file: `<fileName>.csv`, one row per record as `row` picks it (typed, no index signature). */
export interface CsvExport<R extends RaRecord> {
  fileName: string;
  /**
   * Column name -> cell; words shown to people go through `translate` (the admin's language), never
   * written here. Method syntax, so a descriptor of a narrower record still fits the registry.
   */
  row(record: R, translate: (key: string) => string): Record<string, unknown>;
}

/**
 * The data half of a resource's descriptor: everything the data provider and the exporter need,
 * with no React, so the provider, the bench and the tests import it without the screens. Each
 * folder under src/resources/ declares one in its `data.ts`; src/resources/index.ts lists them.
 */
// C is its own parameter (not `Column<R>` inline) so a descriptor of a narrower record still fits the
// registry's ResourceData: TypeScript measures keyof R as contravariant in R.
export interface ResourceData<R extends RaRecord = RaRecord, C extends string = Column<R>> {
  /**
   * react-admin's resource name, which is also the route (/admin/<name>) and the i18n key
   * `resources.<name>`: its base table's name with `_` written `-` (health_tips: `health-tips`;
   * baseTable below), the one naming rule of resource keys (docs/adding-a-resource.md).
   */
  name: string;
  /** The view the provider reads, when the list reads one instead of the base table (`admin_scans`). */
  table?: string;
  /**
   * Deep pages of the unfiltered list go through admin_page_rows (supabase/schemas/31_app_data_admin_reads.sql);
   * without it they use OFFSET read from the nearer end. The roles named here read every row of the
   * base table, so their pages are found by an index-only walk over the whole table (as the
   * definer); any other caller's pages are read among the rows its policies let it read, so no
   * answer depends on a row it cannot read. The database's private.paging_walks() names the same
   * pairs: supabase/tests/descriptors.test.ts checks both, and that the policies let each role read
   * every row.
   */
  seek?: readonly OperatorRole[];
  /**
   * The base table's changes are written to the audit trail (its `private.audit_row_change(label[,
   * maxChars])` trigger) naming the record by its `label` column, cut to `maxChars`; a trashed row
   * is named by the same column (its `private.move_to_trash(label, roles)` trigger).
   * supabase/tests/descriptors.test.ts checks the database's triggers say the same.
   */
  audit?: { label: C; maxChars?: number };
  /**
   * Columns of `table` the search box (`q`) matches, and texts of its other languages
   * (`translations->hi->>title`, src/domain/translations.ts); without them the list has no search.
   */
  searchColumns?: readonly (C | TranslatedColumn<C>)[];
  /**
   * The search also matches the owner's email: `table` has `user_id` and `owner_email` (see
   * src/providers/search.ts for how that stays indexed).
   */
  searchOwnerEmail?: boolean;
  /**
   * Filters (by key in react-admin's filter object, hence in the URL) that become PostgREST logic
   * conditions, e.g. a score band into a range. Returning `[]` drops the filter.
   */
  derivedFilters?: Readonly<Record<string, (value: unknown) => string[]>>;
  /** The list's initial order, most significant key first (the id tie-breaker is added by paging). */
  defaultSort: readonly OrderTerm<C>[];
  /** The Export button's CSV; without it the list has no Export button. */
  csv?: CsvExport<R>;
  /**
   * The base table's changes make this resource live (it is in the supabase_realtime publication,
   * the supabase_realtime publication in its schema file): lists show new rows, dialogs warn of newer versions.
   */
  live?: boolean;
  /**
   * A file the resource's form uploads to a public bucket on save, its URL kept in a column
   * (src/storage/uploads.ts: no object is left that no record points at).
   */
  upload?: UploadField<C>;
  /**
   * Updates name the version they were made from and the database refuses them when the row changed
   * since (src/providers/versionedUpdates.ts); the table keeps `updated_at` by trigger.
   */
  versioned?: boolean;
  /**
   * Its records have versions: the History tab offers "Compare with now" and "Restore this version"
   * (admin_record_version, admin_restore_version). The database's private.versions() lists exactly
   * these base tables (supabase/tests/recordHistory.test.ts checks they agree).
   */
  versions?: boolean;
  /**
   * Deleting moves the row to the trash (the table has a `move_to_trash` trigger,
   * supabase/schemas/25_trash.sql): the delete toast offers Undo, the Trash screen lists it until
   * it is restored, deleted forever or purged, and its uploaded file stays until then.
   */
  trash?: boolean;
  /**
   * The writes its screens make on its base table, each allowed to the roles whose access grants
   * its action (insert `create`, update `edit`, delete `delete`); none by default. The database's
   * policies allow exactly these, role by role (supabase/tests/registryAccess.test.ts tries every
   * cell): an action granted with no write declared here (`owner: '*'` on scans) writes nothing.
   */
  writes?: readonly TableWrite[];
  /** Writes anyone may make, signed in or not (the site's contact form inserts a message). */
  publicWrites?: readonly TableWrite[];
  /** Reads served by the resource itself (it then has no table to write). */
  reads?: (client: DatabaseClient) => ResourceReads;
}

/** A write on a resource's base table. */
export type TableWrite = 'insert' | 'update' | 'delete';

/** The access action (react-admin's canAccess) that allows each write. */
export const WRITE_ACTIONS: Readonly<Record<TableWrite, string>> = {
  insert: 'create',
  update: 'edit',
  delete: 'delete',
};

/** Declares a resource's data half with its record type checked (`defineResourceData<Scan>({...})`). */
export const defineResourceData = <R extends RaRecord>(data: ResourceData<R>): ResourceData<R> => data;

/** The naming rule of resource keys: a resource's name is its base table's with `_` written `-`. */
export const baseTable = (data: Pick<ResourceData, 'name'>) => data.name.replaceAll('-', '_');

/** The table or view a resource's list reads: its view when it names one, else its base table. */
export const readRelation = (data: Pick<ResourceData, 'name' | 'table'>) => data.table ?? baseTable(data);
