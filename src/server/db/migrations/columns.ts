/**
 * Column helpers shared by the migrations, applied with Kysely's CreateTableBuilder.$call: the dialect switch of the
 * ids and the schema's conventions (ISO-string timestamps, references to ids) written once. Each adds exactly the
 * columns the migrations used to spell out, in the order given and with the same types and constraints, so the
 * schema a migration makes (and the migrations that already ran) stay as they were.
 */
import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * The database as a migration sees it: any table, any column. A migration is frozen in time, so it must not type
 * against today's schema (db/schema.ts), which moves on after it has run (Kysely's own advice for migrations). It is
 * `any`, not a schemaless record type, because the seed and the tests hand the app's typed Kysely<Database> to
 * migrations and to the product backfill, and Kysely's types are invariant in the schema.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are deliberately untyped against today's schema (see above)
export type MigrationDb = Kysely<any>;

type TableBuilder = CreateTableBuilder<string, string>;

/** Timestamps are ISO 8601 strings on both dialects (so they sort as text and read the same everywhere). */
export const TIMESTAMP = 'varchar(32)';

/** `id`, the auto-incrementing integer primary key: serial on PostgreSQL, INTEGER PRIMARY KEY AUTOINCREMENT on SQLite. */
export function idColumn(dialect: Dialect) {
  return (t: TableBuilder) =>
    dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** CREATE TABLE `name` starting with its `id` column. */
export function createTableWithId(db: MigrationDb, dialect: Dialect, name: string) {
  return db.schema.createTable(name).$call(idColumn(dialect));
}

/** Required (NOT NULL) timestamp columns, in the order given. */
export function timestamps(...names: string[]) {
  return (t: TableBuilder) => names.reduce((table, name) => table.addColumn(name, TIMESTAMP, (c) => c.notNull()), t);
}

/** Required references to other tables' ids, `{ column: table }` in that order; a row goes with a row it references. */
export function belongsTo(references: Record<string, string>) {
  return (t: TableBuilder) =>
    Object.entries(references).reduce(
      (table, [column, target]) => table.addColumn(column, 'integer', (c) => c.notNull().references(`${target}.id`).onDelete('cascade')),
      t,
    );
}

/** An optional reference to another table's id, emptied (SET NULL) when that row goes. */
export function mayReference(column: string, target: string) {
  return (t: TableBuilder) => t.addColumn(column, 'integer', (c) => c.references(`${target}.id`).onDelete('set null'));
}

/**
 * CREATE TABLE `name` linking rows of other tables: the required references (`{ column: table }`, each row going with
 * the rows it links), created_at, and the references together as the primary key `<name>_pk`.
 */
export function createLinkTable(db: MigrationDb, name: string, references: Record<string, string>) {
  return db.schema
    .createTable(name)
    .$call(belongsTo(references))
    .$call(timestamps('created_at'))
    .addPrimaryKeyConstraint(`${name}_pk`, Object.keys(references));
}
