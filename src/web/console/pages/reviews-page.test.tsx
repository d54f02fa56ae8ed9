import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TReviewQueueItem } from '../../../shared/staff-document-requests.js';
import { seriousViolations } from '../../test/axe.js';
import { json } from '../../test/fake-fetch.js';
import { stubObjectUrls } from '../../test/object-urls.js';
import { renderConsole } from '../test/render-console.js';
import {
  documentRequest,
  LUCAS_ID,
  PRIYA_ID,
  rahul,
  requestFile,
  reviewQueueItem,
  studentRecord,
} from '../test/staff-data.js';

const bank = reviewQueueItem();
const passport = reviewQueueItem({
  documentId: 32,
  documentRequestId: 52,
  title: 'Passport photo page',
  studentId: LUCAS_ID,
  studentName: 'Lucas Oliveira',
  applicationId: 12,
  fileName: 'passport.png',
  fileType: 'image/png',
  dueDate: '2026-12-01',
});
const cv = reviewQueueItem({
  documentId: 33,
  documentRequestId: 53,
  title: 'CV',
  fileName: 'cv.pdf',
});

const pdf = () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } });
const fileOf = (item: TReviewQueueItem) =>
  `/api/staff/students/${item.studentId}/documents/${item.documentId}/file`;

/** The queue as the server keeps it: a review takes its file out, and answers the request. */
function reviewServer(start: TReviewQueueItem[]) {
  let queue = [...start];
  const answers: Record<string, () => Response> = {
    'GET /api/staff/reviews': () => json({ items: queue, total: queue.length }),
    [`GET ${fileOf(bank)}`]: pdf,
    [`GET ${fileOf(cv)}`]: pdf,
  };
  for (const item of start) {
    answers[`POST /api/staff/documents/${item.documentId}/review`] = () => {
      queue = queue.filter((queued) => queued.documentId !== item.documentId);
      return json(
        documentRequest({
          id: item.documentRequestId,
          applicationId: item.applicationId,
          state: 'accepted',
          documents: [requestFile({ id: item.documentId, review: 'accepted' })],
        }),
      );
    };
  }
  return answers;
}

const currentHeading = () =>
  screen.getByRole('heading', { level: 2, name: (name) => name !== 'Keyboard shortcuts' });
const listButton = (name: string) =>
  within(screen.getByRole('list', { name: 'Waiting for review' })).getByRole('button', { name });

describe('the reviews page', () => {
  it('moves through the queue with j and k, accepts with a, rejects with r, a reason and Enter, each time moving on', async () => {
    stubObjectUrls('file');
    const { user, sent } = renderConsole('/staff/reviews', {
      signedIn: rahul,
      api: reviewServer([bank, passport, cv]),
    });
    const list = await screen.findByRole('list', { name: 'Waiting for review' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Bank statement: Priya Sharma',
      'Passport photo page: Lucas Oliveira',
      'CV: Priya Sharma',
    ]);
    expect(screen.getByText('3 files wait.')).toBeTruthy();
    expect(listButton('Bank statement: Priya Sharma').getAttribute('aria-current')).toBe('true');
    expect(currentHeading().textContent).toBe('Bank statement');
    expect((await screen.findByTitle('bank-statement.pdf')).getAttribute('src')).toBe(
      'blob:http://localhost/file-1',
    );
    expect(screen.getByText('Keyboard shortcuts')).toBeTruthy();

    await user.keyboard('j');
    expect(currentHeading().textContent).toBe('Passport photo page');
    expect(document.activeElement).toBe(listButton('Passport photo page: Lucas Oliveira'));
    expect(screen.getByRole('img', { name: /passport\.png/ }).getAttribute('src')).toBe(
      fileOf(passport),
    );
    // With an image shown: axe cannot look into a frame under jsdom.
    expect(await seriousViolations()).toEqual([]);
    await user.keyboard('k');
    expect(currentHeading().textContent).toBe('Bank statement');
    await user.keyboard('{ArrowDown}');
    expect(currentHeading().textContent).toBe('Passport photo page');

    await user.keyboard('a');
    expect(
      await screen.findByText('Accepted Passport photo page for Lucas Oliveira. 2 files wait.'),
    ).toBeTruthy();
    expect(JSON.parse(sent.find((r) => r.url.endsWith('/32/review'))?.body ?? '')).toEqual({
      decision: 'accept',
      reason: null,
    });
    // The next file takes its place.
    expect(currentHeading().textContent).toBe('CV');
    await waitFor(() => {
      expect(document.activeElement).toBe(listButton('CV: Priya Sharma'));
    });

    await user.keyboard('r');
    const form = screen.getByRole('form', { name: 'Send back cv.pdf' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Unreadable'));
    await user.keyboard('{Enter}');
    expect(within(form).getByRole('alert').textContent).toBe(
      'Give the reason the student will see.',
    );
    // Keys typed in a field are words, not shortcuts.
    await user.click(within(form).getByLabelText('Other reason…'));
    await user.type(within(form).getByLabelText('Your reason'), 'jak');
    expect(currentHeading().textContent).toBe('CV');
    await user.clear(within(form).getByLabelText('Your reason'));
    await user.click(within(form).getByLabelText('Unreadable'));
    await user.keyboard('{Enter}');

    expect(
      await screen.findByText('Sent back CV for Priya Sharma: Unreadable. 1 file waits.'),
    ).toBeTruthy();
    expect(JSON.parse(sent.find((r) => r.url.endsWith('/33/review'))?.body ?? '')).toEqual({
      decision: 'reject',
      reason: 'Unreadable',
    });
    expect(currentHeading().textContent).toBe('Bank statement');
    expect(sent.filter((r) => r.url.endsWith('/review'))).toHaveLength(2);

    // Every action has its button too.
    await user.click(screen.getByRole('button', { name: 'Accept bank-statement.pdf' }));
    expect(await screen.findByText('Nothing waits for review.')).toBeTruthy();
    expect(screen.getByText('Accepted Bank statement for Priya Sharma. Nothing else waits.'));
  });

  it("opens the current student's record with o, on the applications", async () => {
    stubObjectUrls('file');
    const { user, address } = renderConsole('/staff/reviews', {
      api: {
        ...reviewServer([bank]),
        [`GET /api/staff/students/${PRIYA_ID}`]: json(studentRecord()),
        'GET /api/staff/applications/11/document-requests': json([]),
      },
    });
    expect(await screen.findByTitle('bank-statement.pdf')).toBeTruthy();
    await user.keyboard('o');
    expect(address()).toBe(`/staff/students/${PRIYA_ID}?tab=applications`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeTruthy();
  });

  it('says why a review was refused, and shows the queue as it now stands', async () => {
    stubObjectUrls('file');
    const message =
      'This file has already been reviewed, or a newer file replaced it. Reload to see its state.';
    let queue = [bank, cv];
    const { user } = renderConsole('/staff/reviews', {
      api: {
        ...reviewServer([bank, cv]),
        'GET /api/staff/reviews': () => json({ items: queue, total: queue.length }),
        'POST /api/staff/documents/31/review': () => {
          queue = [cv];
          return json({ message }, 409);
        },
      },
    });
    expect(await screen.findByTitle('bank-statement.pdf')).toBeTruthy();
    await user.keyboard('a');
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    await waitFor(() => {
      expect(currentHeading().textContent).toBe('CV');
    });
    expect(
      within(screen.getByRole('list', { name: 'Waiting for review' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });

  it('says so when nothing waits', async () => {
    renderConsole('/staff/reviews', {
      api: { 'GET /api/staff/reviews': json({ items: [], total: 0 }) },
    });
    expect(await screen.findByText('Nothing waits for review.')).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Console' }))
        .getByRole('link', { name: 'Reviews' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });
});
