import { describe, expect, it } from 'vitest';
import { dayFromToday, documentRequest } from '../../../test/data-generators.js';
import { DEFAULT_DASHBOARD_STATUS, type DashboardStatus } from './applicant-status.js';
import { TASK_REASONS, planDashboard } from './dashboard-plan.js';

const record = (overrides: Partial<DashboardStatus>): DashboardStatus => ({
  ...DEFAULT_DASHBOARD_STATUS,
  admissionStatus: 'Admitted',
  ...overrides,
});

/** The demo personas' records (README, "Demo personas"). */
const PRIYA = record({ requireMoi: true, moiStatus: 'Incomplete' });
const LUCAS = record({ requireMoi: true, moiStatus: 'Pending', i20Issued: true });
const MINH_ANH = record({ i20Issued: true, sevisPaid: true });
const FARIDA = record({ requireMoi: true, moiStatus: 'Incomplete', i20Issued: true });

const states = (status: DashboardStatus) =>
  planDashboard(status, []).tasks.map(({ id, state }) => [id, state]);

describe('the next step', () => {
  it('is the document the school waits for first, the earliest due, before any task', () => {
    const bank = documentRequest({ id: 1, title: 'Bank statement', dueDate: dayFromToday(5) });
    const passport = documentRequest({ id: 2, title: 'Passport', dueDate: dayFromToday(2) });
    const undated = documentRequest({ id: 3, title: 'CV', dueDate: null });
    const inReview = documentRequest({ id: 4, state: 'under_review', dueDate: dayFromToday(1) });
    const plan = planDashboard(PRIYA, [undated, bank, inReview, passport]);
    expect(plan.nextStep).toEqual({ kind: 'document', request: passport, more: 2 });
  });

  it('is a document sent back to the student, too', () => {
    const sentBack = documentRequest({ state: 'rejected', reason: 'Unreadable' });
    expect(planDashboard(LUCAS, [sentBack]).nextStep).toMatchObject({
      kind: 'document',
      more: 0,
    });
  });

  it('is the first task the student can start when no document waits on them', () => {
    const accepted = documentRequest({ state: 'accepted' });
    expect(planDashboard(PRIYA, [accepted]).nextStep).toEqual({ kind: 'task', task: 'moi' });
    expect(planDashboard(FARIDA, []).nextStep).toEqual({ kind: 'task', task: 'moi' });
    // Lucas's interview waits for review: paying the fee is his to do.
    expect(planDashboard(LUCAS, []).nextStep).toEqual({ kind: 'task', task: 'sevis' });
    expect(planDashboard(MINH_ANH, []).nextStep).toEqual({ kind: 'task', task: 'visa' });
  });

  it('is waiting, and for what, when nothing can start', () => {
    const waitingForI20 = record({ requireMoi: true, moiStatus: 'Submitted' });
    expect(planDashboard(waitingForI20, []).nextStep).toEqual({
      kind: 'wait',
      reason: TASK_REASONS.i20InProgress,
    });
    expect(planDashboard(record({}), []).nextStep).toEqual({
      kind: 'wait',
      reason: TASK_REASONS.i20InProgress,
    });
  });

  it('is never the SEVIS fee before the I-20 exists', () => {
    const interviewDone = record({ requireMoi: true, moiStatus: 'Submitted' });
    for (const status of [PRIYA, interviewDone, record({})]) {
      expect(planDashboard(status, []).nextStep).not.toEqual({ kind: 'task', task: 'sevis' });
    }
  });
});

describe('the tasks', () => {
  it('say where each stands, in order, and why one cannot start', () => {
    expect(states(PRIYA)).toEqual([
      ['moi', 'to-do'],
      ['i20', 'waiting-on-school'],
      ['sevis', 'cannot-start'],
      ['visa', 'cannot-start'],
    ]);
    const sevis = planDashboard(PRIYA, []).tasks.find((t) => t.id === 'sevis');
    expect(sevis?.reason).toBe(TASK_REASONS.sevisNeedsI20);
    expect(states(LUCAS)).toEqual([
      ['moi', 'waiting-on-school'],
      ['i20', 'done'],
      ['sevis', 'to-do'],
      ['visa', 'cannot-start'],
    ]);
    expect(states(MINH_ANH)).toEqual([
      ['i20', 'done'],
      ['sevis', 'done'],
      ['visa', 'to-do'],
    ]);
  });
});
