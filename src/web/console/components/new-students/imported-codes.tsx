import { Download } from 'lucide-react';
import type { TStudentImportResult } from '../../../../shared/student-import.js';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { saveFile } from '../../../lib/save-file.js';

const studentsCount = (count: number) => `${count} ${count === 1 ? 'student' : 'students'}`;

/** An import done: its invite codes, which exist only on this page now, to save as CSV. */
export function ImportedCodes({
  result,
  fileName,
  onDone,
}: {
  result: TStudentImportResult;
  fileName: string;
  onDone: () => void;
}) {
  const codesFile = `invite-codes-${fileName.replace(/\.(csv|json)$/i, '')}.csv`;
  return (
    <Alert variant="success" role="status" className="gap-y-3">
      <AlertTitle>Imported {studentsCount(result.imported)}.</AlertTitle>
      <AlertDescription className="flex flex-col gap-3">
        <p>
          Each student has an invite code. Download the codes now, for your mail merge or letters:
          only their hashes are kept, and they are gone when you leave this page.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => {
              saveFile(new Blob([result.codesCsv], { type: 'text/csv' }), codesFile);
            }}
          >
            <Download aria-hidden="true" />
            Download invite codes (CSV)
          </Button>
          <Button variant="ghost" onClick={onDone}>
            Done
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
