import type { SelectQueryBuilder } from 'kysely';

/**
 * One page of a list with the counts every paged reply carries: `rows` (ordered by the caller) at `page` (from 1),
 * `size` to a page, and `all`, the same list's rows unordered, counted; both read at once.
 */
export async function readPage<DB, TB extends keyof DB, O, CDB, CTB extends keyof CDB, CO>(
  rows: SelectQueryBuilder<DB, TB, O>,
  all: SelectQueryBuilder<CDB, CTB, CO>,
  page: number,
  size: number,
) {
  const [items, total] = await Promise.all([
    rows
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    all.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  // The selection's type cannot be worked out for a generic table; it is { n }.
  const totalCount = Number((total as { n: number | string }).n);
  return { rows: items, totalCount, totalPages: Math.ceil(totalCount / size) };
}
