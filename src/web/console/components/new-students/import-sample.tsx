import type { TStudentImportPreview } from '../../../../shared/student-import.js';

const COLUMNS = ['Line', 'Name', 'E-mail', 'School', 'Agent'] as const;

/** The first rows as the import read them, to see that each column landed where meant. */
export function ImportSample({ sample }: { sample: TStudentImportPreview['sample'] }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">The first rows, as they would be imported</caption>
        <thead className="bg-muted/50">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-4 py-2 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sample.map((row) => (
            <tr key={row.line} className="border-t border-border">
              <td className="px-4 py-2 tabular-nums">{row.line}</td>
              <td className="px-4 py-2">{row.name}</td>
              <td className="px-4 py-2 wrap-anywhere">{row.email}</td>
              <td className="px-4 py-2">{row.school}</td>
              <td className="px-4 py-2 wrap-anywhere">{row.agentEmail ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
