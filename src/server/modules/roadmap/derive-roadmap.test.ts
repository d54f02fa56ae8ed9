import { describe, expect, it } from 'vitest';
import { ZRoadmapResponseSchema } from '../../../shared/roadmap.js';
import { deriveRoadmap, type RoadmapRecord } from './derive-roadmap.js';

const TODAY = '2027-03-01';

/** Priya as the seed has her: admitted, nothing issued or paid, two dated applications. */
const admitted: RoadmapRecord = {
  admissionStatus: 'Admitted',
  acceptanceLetterUrl: 'lakeshore-state.example.edu/letters/acceptance.pdf',
  i20Issued: false,
  i20IssuedOn: null,
  i20DocumentUrl: null,
  sevisPaid: false,
  sevisPaidOn: null,
  schoolName: 'Lakeshore State University',
  applications: [
    { university: 'Pacific Crest College', status: 'accepted', programStartDate: '2027-09-01' },
    {
      university: 'Lakeshore State University',
      status: 'documents_required',
      programStartDate: '2027-08-23',
    },
    { university: 'Northfield Institute', status: 'under_review', programStartDate: null },
  ],
  bankStatementRequests: [],
  bankStatementApplicationId: null,
};

const statuses = (record: RoadmapRecord) =>
  deriveRoadmap(record, TODAY).steps.map((step) => [step.id, step.status]);
const documentNamed = (record: RoadmapRecord, title: string) =>
  deriveRoadmap(record, TODAY).documents.find((d) => d.title === title);

describe('deriveRoadmap', () => {
  it("gives an admitted student with nothing more the spec's fixed list, in its shape", () => {
    const roadmap = deriveRoadmap(admitted, TODAY);
    expect(ZRoadmapResponseSchema.parse(roadmap)).toEqual(roadmap);
    expect(roadmap.steps.map((s) => [s.title, s.status, s.estimatedDays])).toEqual([
      ['Admitted', 'completed', null],
      ['Proof of Funds Submitted', 'in_progress', 7],
      ['I-20 Received', 'pending', 14],
      ['SEVIS Fee Paid', 'pending', 21],
      ['Visa Interview Scheduled', 'pending', 45],
      ['Visa Received', 'pending', 60],
      ['Travel to Destination', 'pending', 90],
    ]);
  });

  it('puts the action note on the step in progress only: the bank statements for proof of funds', () => {
    const notes = deriveRoadmap(admitted, TODAY).steps.map((s) => s.actionNote);
    expect(notes.filter((note) => note !== null)).toHaveLength(1);
    expect(notes[1]).toMatch(/Upload your bank statements/);
  });

  it('names the application that asked for the bank statements on the proof of funds in progress only', () => {
    const asked = { ...admitted, bankStatementRequests: ['requested' as const] };
    const steps = deriveRoadmap({ ...asked, bankStatementApplicationId: 42 }, TODAY).steps;
    expect(steps.map((step) => step.actionApplicationId)).toEqual([
      null,
      42,
      null,
      null,
      null,
      null,
      null,
    ]);
    const accepted = { ...admitted, bankStatementRequests: ['accepted' as const] };
    const after = deriveRoadmap({ ...accepted, bankStatementApplicationId: 42 }, TODAY).steps;
    expect(after.every((step) => step.actionApplicationId === null)).toBe(true);
  });

  it.each([
    ['not admitted yet', { admissionStatus: 'Processing' }, 0],
    ['admitted, whatever the case and spacing', { admissionStatus: ' accepted ' }, 1],
    ['with the I-20 issued', { i20Issued: true }, 3],
    ['with the SEVIS fee paid', { i20Issued: true, sevisPaid: true }, 4],
    // The fee is paid with the I-20's SEVIS ID, so a payment means the earlier steps are done.
    ['paid, with the I-20 not recorded', { sevisPaid: true, admissionStatus: 'Processing' }, 4],
  ] as const)('counts the steps done %s', (_name, change, done) => {
    const result = statuses({ ...admitted, ...change });
    expect(result.filter(([, status]) => status === 'completed')).toHaveLength(done);
    expect(result[done]?.[1]).toBe('in_progress');
    expect(result.slice(done + 1).every(([, status]) => status === 'pending')).toBe(true);
  });

  it.each([
    ['accepted', 'completed', null],
    ['under_review', 'in_progress', /reviewing the bank statement you uploaded/],
    ['rejected', 'in_progress', /sent your bank statement back/],
    ['requested', 'in_progress', /Upload your bank statements/],
  ] as const)(
    'follows a bank statement request that is %s for the proof of funds',
    (state, status, note) => {
      const step = deriveRoadmap({ ...admitted, bankStatementRequests: [state] }, TODAY).steps[1];
      expect(step?.status).toBe(status);
      if (note) expect(step?.actionNote).toMatch(note);
    },
  );

  it('completes the proof of funds only for an admitted student', () => {
    const notAdmitted = {
      admissionStatus: 'Processing',
      bankStatementRequests: ['accepted' as const],
    };
    expect(statuses({ ...admitted, ...notAdmitted }).slice(0, 2)).toEqual([
      ['admitted', 'in_progress'],
      ['proof-of-funds', 'pending'],
    ]);
  });

  it('never completes the visa interview, the visa or travel: the record does not know them', () => {
    const allDone = { ...admitted, i20Issued: true, sevisPaid: true };
    expect(statuses(allDone).slice(4)).toEqual([
      ['visa-interview-scheduled', 'in_progress'],
      ['visa-received', 'pending'],
      ['travel', 'pending'],
    ]);
  });

  it("takes the start date of the application to the student's own school, 30 days' arrival before", () => {
    expect(deriveRoadmap(admitted, TODAY)).toMatchObject({
      programStartDate: '2027-08-23',
      earliestArrivalDate: '2027-07-24',
    });
  });

  it('falls back to the earliest accepted application, then to no date at all', () => {
    const elsewhere = { ...admitted, schoolName: 'Another College' };
    expect(deriveRoadmap(elsewhere, TODAY).programStartDate).toBe('2027-09-01');
    const noneAccepted = {
      ...elsewhere,
      applications: admitted.applications.filter((a) => a.status !== 'accepted'),
    };
    expect(deriveRoadmap(noneAccepted, TODAY)).toMatchObject({
      programStartDate: null,
      earliestArrivalDate: null,
    });
    expect(deriveRoadmap({ ...admitted, applications: [] }, TODAY).programStartDate).toBeNull();
  });

  it('ignores a start date that is not a real date', () => {
    const record = {
      ...admitted,
      applications: [
        {
          university: 'Lakeshore State University',
          status: 'accepted',
          programStartDate: 'Fall 2027',
        },
        {
          university: 'Lakeshore State University',
          status: 'accepted',
          programStartDate: '2027-02-30',
        },
      ],
    };
    expect(deriveRoadmap(record, TODAY).programStartDate).toBeNull();
  });

  it('dates what is not done yet from today, less the days already behind the student', () => {
    expect(documentNamed(admitted, 'Form I-20')).toMatchObject({
      available: false,
      url: null,
      issuedDate: null,
      estimatedDate: '2027-03-15',
    });
    const issued = { ...admitted, i20Issued: true };
    // SEVIS is 21 days from admission and the I-20 (14) is behind: 7 days from today.
    expect(documentNamed(issued, 'SEVIS I-901 Fee Receipt')?.estimatedDate).toBe('2027-03-08');
    expect(documentNamed(issued, 'F-1 Visa')?.estimatedDate).toBe('2027-04-16');
  });

  it('shows an issued document as available, with its link and the day it was issued', () => {
    const record = {
      ...admitted,
      i20Issued: true,
      i20IssuedOn: '2027-02-10',
      i20DocumentUrl: 'lakeshore-state.example.edu/i20/document.pdf',
      sevisPaid: true,
      sevisPaidOn: '2027-02-20',
    };
    expect(documentNamed(record, 'Form I-20')).toMatchObject({
      available: true,
      url: 'https://lakeshore-state.example.edu/i20/document.pdf',
      issuedDate: '2027-02-10',
      estimatedDate: null,
    });
    expect(documentNamed(record, 'SEVIS I-901 Fee Receipt')).toMatchObject({
      available: true,
      issuedDate: '2027-02-20',
      estimatedDate: null,
    });
    expect(documentNamed(record, 'Acceptance Letter')).toMatchObject({
      available: true,
      url: 'https://lakeshore-state.example.edu/letters/acceptance.pdf',
    });
    expect(documentNamed(record, 'F-1 Visa')?.available).toBe(false);
  });

  it('offers no link for a document not issued, nor a script link', () => {
    expect(
      documentNamed({ ...admitted, i20DocumentUrl: 'school.edu/i20.pdf' }, 'Form I-20')?.url,
    ).toBeNull();
    expect(
      documentNamed(
        { ...admitted, acceptanceLetterUrl: 'javascript:alert(1)' },
        'Acceptance Letter',
      ),
    ).toMatchObject({ available: false, url: null });
  });
});
