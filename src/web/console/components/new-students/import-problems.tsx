import type { TStudentImportProblem } from '../../../../shared/student-import.js';
import { StatusBadge } from '../../../components/ui/status-badge.js';

/** Every row the import cannot take, by the line the spreadsheet shows, duplicates flagged. */
export function ImportProblems({ problems }: { problems: TStudentImportProblem[] }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Rows to fix</caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              Line
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              Problem
            </th>
          </tr>
        </thead>
        <tbody>
          {problems.map((problem, i) => (
            <tr key={`${problem.line}-${i}`} className="border-t border-border align-top">
              <td className="px-4 py-2 tabular-nums">{problem.line}</td>
              <td className="px-4 py-2">
                {problem.duplicate ? (
                  <StatusBadge tone="warning" className="me-2">
                    Duplicate
                  </StatusBadge>
                ) : null}
                {problem.message}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
