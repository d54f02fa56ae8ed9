import { describe, expect, it } from 'vitest';
import { STUDENT_IMPORT_COLUMNS } from '../../../shared/student-import.js';
import { ZStudentRow } from './student-rows.js';

describe('the students file', () => {
  it('has the columns the console names in its template, required ones first', () => {
    const { required, optional } = STUDENT_IMPORT_COLUMNS;
    expect(Object.keys(ZStudentRow.shape).sort()).toEqual([...required, ...optional].sort());
    const empty = Object.fromEntries([...required, ...optional].map((c) => [c, '']));
    const missing = ZStudentRow.safeParse(empty).error?.issues.map((i) => i.path[0]);
    expect(new Set(missing)).toEqual(new Set(required));
  });
});
