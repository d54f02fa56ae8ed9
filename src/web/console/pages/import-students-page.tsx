import { FileCheck, FileDown, Upload } from 'lucide-react';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import {
  MAX_STUDENT_IMPORT_BYTES,
  MAX_STUDENT_IMPORT_ROWS,
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_MESSAGES,
  type TStudentImportPreview,
  type TStudentImportProblem,
  type TStudentImportResult,
} from '../../../shared/student-import.js';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { FailureAlert } from '../../components/ui/failure-alert.js';
import { FormField } from '../../components/ui/form-field.js';
import { Input } from '../../components/ui/input.js';
import { saveFile } from '../../lib/save-file.js';
import { failureMessage } from '../api/console-request.js';
import { useImportStudents, usePreviewStudentImport } from '../api/import-students.js';
import { ConsolePage } from '../components/console-page.js';
import { ImportedCodes } from '../components/new-students/imported-codes.js';
import { ImportProblems } from '../components/new-students/import-problems.js';
import { ImportSample } from '../components/new-students/import-sample.js';

const rowsCount = (count: number) => `${count} ${count === 1 ? 'row' : 'rows'}`;

/** Why a chosen file cannot be sent, before it is: none, or too large. */
function fileProblem(file: File | undefined): string | null {
  if (!file) return STUDENT_IMPORT_MESSAGES.noFile;
  if (file.size > MAX_STUDENT_IMPORT_BYTES) return STUDENT_IMPORT_MESSAGES.tooLarge;
  return null;
}

function saveTemplate() {
  const header = [...STUDENT_IMPORT_COLUMNS.required, ...STUDENT_IMPORT_COLUMNS.optional];
  saveFile(new Blob([`${header.join(',')}\n`], { type: 'text/csv' }), 'students-template.csv');
}

/**
 * `/staff/students/import` (administrators and agents): a students file, the one the command
 * line takes, checked row by row first; then imported all or nothing, with the new invite codes
 * to download once.
 */
export function ImportStudentsPage() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<TStudentImportPreview | null>(null);
  const [refused, setRefused] = useState<TStudentImportProblem[] | null>(null);
  const [imported, setImported] = useState<TStudentImportResult | null>(null);
  const check = usePreviewStudentImport();
  const run = useImportStudents();

  const startOver = () => {
    setFile(null);
    setPreview(null);
    setRefused(null);
    setImported(null);
    check.reset();
    run.reset();
    if (input.current) input.current.value = '';
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (check.isPending) return;
    const chosen = input.current?.files?.[0];
    const problem = fileProblem(chosen);
    setFileError(problem);
    if (problem || !chosen) return;
    setPreview(null);
    setRefused(null);
    run.reset();
    check.mutate(chosen, {
      onSuccess: (checked) => {
        setFile(chosen);
        setPreview(checked);
      },
    });
  };

  const importFile = () => {
    if (!file || run.isPending) return;
    run.mutate(file, {
      onSuccess: (outcome) => {
        if ('refused' in outcome) setRefused(outcome.refused.problems);
        else setImported(outcome.imported);
      },
    });
  };

  const problems = refused ?? preview?.problems ?? [];
  return (
    <ConsolePage
      title="Import students"
      description="Add many students at once from a spreadsheet saved as CSV (UTF-8)."
    >
      {imported && file ? (
        <ImportedCodes result={imported} fileName={file.name} onDone={startOver} />
      ) : (
        <>
          <Card className="gap-4 p-6">
            <p className="text-sm">
              One student per row, with a header row naming the columns:{' '}
              <strong>{STUDENT_IMPORT_COLUMNS.required.join(', ')}</strong> (the date as 2000-01-31,
              the school by its name in the portal); optionally{' '}
              {STUDENT_IMPORT_COLUMNS.optional.join(', ')}. At most{' '}
              {MAX_STUDENT_IMPORT_ROWS.toLocaleString('en-US')} rows and{' '}
              {MAX_STUDENT_IMPORT_BYTES / (1024 * 1024)} MB.
            </p>
            <Button variant="outline" className="self-start" onClick={saveTemplate}>
              <FileDown aria-hidden="true" />
              Download a template
            </Button>
            <form
              aria-label="Check a students file"
              noValidate
              onSubmit={submit}
              className="flex flex-col gap-4"
            >
              <FormField id={id} label="Students file" error={fileError ?? undefined}>
                <Input
                  ref={input}
                  type="file"
                  accept=".csv,.json,text/csv,application/json"
                  onChange={() => {
                    setFileError(null);
                  }}
                />
              </FormField>
              <Button type="submit" className="self-start" aria-busy={check.isPending}>
                <FileCheck aria-hidden="true" />
                {check.isPending ? 'Checking…' : 'Check the file'}
              </Button>
            </form>
            <FailureAlert
              failure={
                check.isError ? failureMessage(check.error, 'The file could not be checked.') : null
              }
            />
          </Card>
          {preview ? (
            <section aria-labelledby={`${id}-preview`} className="flex flex-col gap-4">
              <h2 id={`${id}-preview`} className="text-lg font-semibold">
                {preview.file}: {rowsCount(preview.rows)}
              </h2>
              {problems.length > 0 ? (
                <>
                  <Alert variant="warning" role="status">
                    <AlertTitle>
                      {rowsCount(new Set(problems.map((p) => p.line)).size)} to fix; nothing is
                      imported until every row is right.
                    </AlertTitle>
                    <AlertDescription>
                      Fix these rows in the file, save it, and check it again.
                    </AlertDescription>
                  </Alert>
                  <ImportProblems problems={problems} />
                </>
              ) : (
                <>
                  <p className="text-sm">
                    Every row is ready. The first ones, as they will be imported:
                  </p>
                  <ImportSample sample={preview.sample} />
                  <FailureAlert
                    failure={
                      run.isError
                        ? failureMessage(run.error, 'The import failed; nothing was imported.')
                        : null
                    }
                  />
                  <Button className="self-start" aria-busy={run.isPending} onClick={importFile}>
                    <Upload aria-hidden="true" />
                    {run.isPending ? 'Importing…' : `Import ${preview.ready} students`}
                  </Button>
                </>
              )}
            </section>
          ) : null}
        </>
      )}
    </ConsolePage>
  );
}
