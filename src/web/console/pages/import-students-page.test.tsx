import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TStudentImportPreview } from '../../../shared/student-import.js';
import { seriousViolations } from '../../test/axe.js';
import { json } from '../../test/fake-fetch.js';
import { stubObjectUrls } from '../../test/object-urls.js';
import { renderConsole } from '../test/render-console.js';
import { rahul } from '../test/staff-data.js';

const PREVIEW = '/api/staff/students/import/preview';
const IMPORT = '/api/staff/students/import';
const csvFile = (name = 'autumn.csv') =>
  new File(['first_name,last_name\nAna,Silva\n'], name, { type: 'text/csv' });

const preview = (overrides: Partial<TStudentImportPreview> = {}): TStudentImportPreview => ({
  file: 'autumn.csv',
  rows: 2,
  ready: 2,
  sample: [
    {
      line: 2,
      name: 'Ana Silva',
      email: 'ana@example.com',
      school: 'Lakeshore State University',
      agentEmail: null,
    },
  ],
  problems: [],
  ...overrides,
});

/** The panel (role status) a title heads. */
const panelTitled = (title: HTMLElement): HTMLElement => {
  const panel = title.closest<HTMLElement>('[role="status"]');
  if (!panel) throw new Error('the title heads no panel');
  return panel;
};

describe('Import students', () => {
  it('lists each bad row by line with duplicates flagged, and offers no import until the file is fixed', async () => {
    let answer = preview({
      ready: 1,
      problems: [
        { line: 3, message: 'date_of_birth: must be a date like 2000-01-31', duplicate: false },
        {
          line: 4,
          message: 'email: a student with "kofi@example.com" is already in the portal',
          duplicate: true,
        },
      ],
    });
    const { user, sent } = renderConsole('/staff/students/import', {
      signedIn: rahul,
      api: { [`POST ${PREVIEW}`]: () => json(answer) },
    });
    const form = await screen.findByRole('form', { name: 'Check a students file' });
    await user.click(within(form).getByRole('button', { name: 'Check the file' }));
    expect(within(form).getByText('Choose a CSV file of students to import.')).toBeTruthy();

    await user.upload(within(form).getByLabelText('Students file'), csvFile());
    await user.click(within(form).getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText(/2 rows to fix; nothing is imported/)).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Rows to fix' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'LineProblem',
      '3date_of_birth: must be a date like 2000-01-31',
      '4Duplicateemail: a student with "kofi@example.com" is already in the portal',
    ]);
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
    expect(sent[sent.length - 1]?.form?.get('file')).toBeInstanceOf(File);
    expect(await seriousViolations()).toEqual([]);

    answer = preview();
    await user.click(within(form).getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByRole('button', { name: 'Import 2 students' })).toBeTruthy();
    expect(screen.getByRole('table', { name: /first rows/ }).textContent).toContain('Ana Silva');
  });

  it('imports the checked file and offers its invite codes as a CSV, then forgets them', async () => {
    const urls = stubObjectUrls('codes');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.href} as ${this.download}`);
    });
    const codesCsv =
      'email,first_name,last_name,invite_code,expires_at\nana@example.com,Ana,Silva,CODE,2026-12-11\n';
    const { user, sent } = renderConsole('/staff/students/import', {
      api: {
        [`POST ${PREVIEW}`]: json(preview()),
        [`POST ${IMPORT}`]: json({ imported: 2, codesCsv }, 201),
      },
    });
    await user.upload(await screen.findByLabelText('Students file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    await user.click(await screen.findByRole('button', { name: 'Import 2 students' }));

    const done = panelTitled(await screen.findByText('Imported 2 students.'));
    await user.click(within(done).getByRole('button', { name: 'Download invite codes (CSV)' }));
    expect(saved).toEqual(['blob:http://localhost/codes-1 as invite-codes-autumn.csv']);
    expect(await urls.blobs[0]?.text()).toBe(codesCsv);
    const upload = sent.find((r) => r.url === IMPORT)?.form?.get('file');
    expect(upload instanceof File ? upload.name : null).toBe('autumn.csv');

    await user.click(within(done).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('Imported 2 students.')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
  });

  it('shows the rows an import was refused for when the portal changed after the preview', async () => {
    const { user } = renderConsole('/staff/students/import', {
      api: {
        [`POST ${PREVIEW}`]: json(preview()),
        [`POST ${IMPORT}`]: json(
          {
            message: '1 bad row; nothing was imported.',
            problems: [
              {
                line: 2,
                message: 'email: a student with "ana@example.com" is already in the portal',
                duplicate: true,
              },
            ],
          },
          422,
        ),
      },
    });
    await user.upload(await screen.findByLabelText('Students file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    await user.click(await screen.findByRole('button', { name: 'Import 2 students' }));
    const table = await screen.findByRole('table', { name: 'Rows to fix' });
    expect(table.textContent).toContain('is already in the portal');
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
  });
});
