import { desc, eq, getTableName } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import {
  foundItems,
  requestedStudent,
  selectForSessions,
  type SessionCheckedRead,
  sessionCheckedReads,
  type SessionRef,
} from './session-checked-read.js';

type Columns = Record<string, AnyPgColumn>;

/** A table of rows that each belong to one student, by id. */
type StudentOwnedTable = PgTable & { id: AnyPgColumn; studentId: AnyPgColumn };

/** A list of a student's own rows of one table (applications, messages), newest first. */
export interface OwnRowsList<C extends Columns, Item> {
  /** The prepared read's name. */
  name: string;
  table: StudentOwnedTable;
  /** Only the columns the answer shows: each column selected is decoded for every row. */
  columns: C;
  toItem: (row: SelectResultFields<C>) => Item;
  /** The time that orders the list, newest first; the id breaks its ties. */
  newestBy: AnyPgColumn;
}

/** Describes a list of a student's own rows of `table`, each answered as `toItem` makes it. */
export const ownRowsList = <C extends Columns, Item>(
  table: StudentOwnedTable,
  columns: C,
  toItem: (row: SelectResultFields<C>) => Item,
  { newestBy }: { newestBy: AnyPgColumn },
): OwnRowsList<C, Item> => ({
  name: `list_${getTableName(table)}`,
  table,
  columns,
  toItem,
  newestBy,
});

/**
 * The list's rows beside the session's columns, so the session is judged on this one read
 * (readAsVerifiedStudent). Exported for bench/batched-read-plans.ts, which prints its plan.
 */
export const selectOwnRows = <C extends Columns, Item>(
  db: Database,
  list: OwnRowsList<C, Item>,
  name: string,
) =>
  selectForSessions(db, { item: list.columns })
    .leftJoin(list.table, eq(list.table.studentId, requestedStudent.id))
    .orderBy(desc(list.newestBy), desc(list.table.id))
    .prepare(name);

/** The session's student's list, read in the session's own batched query. */
export function readOwnRows<C extends Columns, Item>(
  db: Database,
  list: OwnRowsList<C, Item>,
  session: SessionRef,
): Promise<SessionCheckedRead<Item[]> | null> {
  const read = (db: Database, name: string) =>
    sessionCheckedReads(
      selectOwnRows(db, list, name),
      // A student with no rows is one row whose left-joined columns are all null: item is null.
      foundItems(
        (row: { item: SelectResultFields<C> | null }) => row.item && list.toItem(row.item),
      ),
    );
  return preparedQuery(db, list.name, read)(session);
}
