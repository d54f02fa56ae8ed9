import { desc, eq } from 'drizzle-orm';
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

/** A list of a student's own rows of one table (applications, messages), newest first. */
export interface OwnRowsList<C extends Columns, Item> {
  /** The prepared read's name. */
  name: string;
  table: PgTable;
  /** The table's column naming the student a row belongs to. */
  studentId: AnyPgColumn;
  /** Only the columns the answer shows: each column selected is decoded for every row. */
  columns: C;
  /** What orders the list, newest first: a time, then the id that breaks its ties. */
  newestFirst: readonly [AnyPgColumn, AnyPgColumn];
  toItem: (row: SelectResultFields<C>) => Item;
}

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
    .leftJoin(list.table, eq(list.studentId, requestedStudent.id))
    .orderBy(desc(list.newestFirst[0]), desc(list.newestFirst[1]))
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
