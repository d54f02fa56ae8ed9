/**
 * A console import of a consultancy's intake: 5,000 students in one file, checked (the preview)
 * and imported over HTTP as the console sends them, against the budget that the import takes under
 * 30 seconds on PGlite. Each run imports a new file into the same database, so later runs also
 * check against the students earlier runs added.
 *
 *   npx tsx bench/student-import.ts            # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/student-import.ts
 *
 * BENCH_IMPORT_ROWS (5000) and BENCH_RUNS (3) set the file's size and the rounds (the median is
 * printed).
 */
import { loadavg } from 'node:os';
import { and, eq } from 'drizzle-orm';
import { STAFF_API_PATHS } from '../src/shared/staff-api-paths.js';
import {
  STUDENT_IMPORT_FILE_FIELD,
  ZStudentImportPreviewSchema,
  ZStudentImportResultSchema,
} from '../src/shared/student-import.js';
import { seedDemoData } from '../src/server/db/seed.js';
import * as schema from '../src/server/db/schema.js';
import { startStaffSession } from '../src/server/modules/staff-auth/staff-sessions.js';
import { printBenchRows, verdict, type BenchRow } from './lib/bench-rows.js';
import { median } from './lib/median.js';
import { openBenchApp } from './lib/bench-app.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUDGET_MS = 30_000;

/** A students file of `rows` new students, run `run`'s, at the seed's first school. */
function studentsCsv(run: number, rows: number, school: string): string {
  const lines = ['first_name,last_name,email,passport_number,date_of_birth,nationality,school'];
  for (let i = 0; i < rows; i += 1) {
    const n = `${run}${String(i).padStart(6, '0')}`;
    lines.push(
      `Student,Number ${n},student.${n}@intake.example,IM${n},2001-04-05,Ghana,"${school}"`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  const loadBefore = loadavg()[0] ?? 0;
  const { app, config, close } = await openBenchApp('import');
  const driver = app.database.driver;
  try {
    await app.database.migrate();
    await seedDemoData(app.db, app.dataKeys);
    const [admin] = await app.db
      .select({ id: schema.staff.id })
      .from(schema.staff)
      .where(and(eq(schema.staff.role, 'admin'), eq(schema.staff.demo, true)));
    const [school] = await app.db.select({ name: schema.schools.name }).from(schema.schools);
    if (!admin || !school) throw new Error('the demo administrator or a school is missing');
    const headers = {
      cookie: `${app.staffCookie.name}=${await startStaffSession(app.db, admin.id)}`,
      origin: config.publicOrigin,
    };
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const send = async (path: string, csv: string) => {
      const form = new FormData();
      form.append(STUDENT_IMPORT_FILE_FIELD, new Blob([csv], { type: 'text/csv' }), 'intake.csv');
      const started = performance.now();
      const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: form });
      const body: unknown = await res.json();
      return { ms: performance.now() - started, status: res.status, body };
    };
    const previews: number[] = [];
    const imports: number[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const csv = studentsCsv(run, ROWS, school.name);
      const preview = await send(STAFF_API_PATHS.staffStudentImportPreview, csv);
      const checked = ZStudentImportPreviewSchema.parse(preview.body);
      if (checked.ready !== ROWS) throw new Error(`the preview found problems: ${preview.status}`);
      const done = await send(STAFF_API_PATHS.staffStudentImport, csv);
      if (ZStudentImportResultSchema.parse(done.body).imported !== ROWS)
        throw new Error(`the import answered ${done.status}`);
      previews.push(preview.ms);
      imports.push(done.ms);
      console.log(
        `run ${run}: preview ${Math.round(preview.ms)} ms, import ${Math.round(done.ms)} ms (${((csv.length / 1024) | 0).toLocaleString('en-US')} kB)`,
      );
    }
    const importMs = median(imports);
    const rows: BenchRow[] = [
      {
        figure: `student import, ${ROWS.toLocaleString('en-US')} rows (${driver}, median of ${RUNS})`,
        value: `${(importMs / 1000).toFixed(1)} s`,
        budget: driver === 'pglite' ? `< ${BUDGET_MS / 1000} s` : '',
        result: driver === 'pglite' ? verdict(importMs < BUDGET_MS) : '',
      },
      {
        figure: `student import preview, ${ROWS.toLocaleString('en-US')} rows (${driver})`,
        value: `${(median(previews) / 1000).toFixed(1)} s`,
        budget: '',
        result: '',
      },
    ];
    console.log(`load average before: ${loadBefore.toFixed(2)}`);
    printBenchRows(rows);
  } finally {
    await close();
  }
}

await main();
