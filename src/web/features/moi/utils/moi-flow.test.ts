import { describe, expect, it } from 'vitest';
import {
  completeAnswers,
  initialMoiFlow,
  isUnderWay,
  moiFlowReducer,
  type MoiFlowAction,
  type MoiFlowState,
  type RecordedAnswer,
  urlsInUse,
} from './moi-flow.js';

const answer = (n: number): RecordedAnswer => ({
  questionId: n,
  questionText: `Question ${n}`,
  video: new Blob([`take ${n}`]),
  url: `blob:take-${n}`,
});

const from = (state: MoiFlowState, ...actions: MoiFlowAction[]): MoiFlowState =>
  actions.reduce(moiFlowReducer, state);
const run = (...actions: MoiFlowAction[]) => from(initialMoiFlow, ...actions);

const record = (n: number): MoiFlowAction[] => [
  { type: 'takeRecorded', answer: answer(n) },
  { type: 'keepTake' },
];

const threeAnswers: MoiFlowAction[] = [
  { type: 'startInterview' },
  ...record(1),
  ...record(2),
  ...record(3),
];

describe('the MOI flow (spec section 4)', () => {
  it('starts in setup, and Start Interview Process records the first question', () => {
    expect(initialMoiFlow).toMatchObject({ phase: 'setup', index: 0, take: null });
    expect(run({ type: 'startInterview' })).toMatchObject({ phase: 'recording', index: 0 });
  });

  it('Next Question keeps the take and asks the next; after the third it is review', () => {
    const afterOne = run({ type: 'startInterview' }, ...record(1));
    expect(afterOne).toMatchObject({ phase: 'recording', index: 1, take: null });
    expect(afterOne.answers[0]).toEqual(answer(1));

    const done = run(...threeAnswers);
    expect(done.phase).toBe('review');
    expect(completeAnswers(done)).toEqual([answer(1), answer(2), answer(3)]);
  });

  it('Next Question needs a take', () => {
    const state = run({ type: 'startInterview' }, { type: 'keepTake' });
    expect(state).toMatchObject({ phase: 'recording', index: 0 });
  });

  it('Record Again throws the take away and stays on the question', () => {
    const state = run(
      { type: 'startInterview' },
      { type: 'takeRecorded', answer: answer(1) },
      { type: 'discardTake' },
    );
    expect(state).toMatchObject({ phase: 'recording', index: 0, take: null });
    expect(state.answers[0]).toBeNull();
  });

  it('Change Audio/Video Settings goes to setup, throws the take away and resumes where it was', () => {
    const state = run(
      { type: 'startInterview' },
      ...record(1),
      { type: 'takeRecorded', answer: answer(2) },
      { type: 'changeSettings' },
    );
    expect(state).toMatchObject({ phase: 'setup', take: null });
    expect(state.answers[0]).toEqual(answer(1));
    expect(moiFlowReducer(state, { type: 'startInterview' })).toMatchObject({
      phase: 'recording',
      index: 1,
    });
  });

  it('re-records one answer from review and returns to review with only that one replaced', () => {
    const review = run(...threeAnswers);
    const rerecording = moiFlowReducer(review, { type: 'rerecord', index: 1 });
    expect(rerecording).toMatchObject({ phase: 'recording', index: 1, rerecording: true });

    const replaced = answer(22);
    const back = from(
      rerecording,
      { type: 'takeRecorded', answer: replaced },
      { type: 'keepTake' },
    );
    expect(back).toMatchObject({ phase: 'review', rerecording: false, take: null });
    expect(completeAnswers(back)).toEqual([answer(1), replaced, answer(3)]);
  });

  it('Back to Review keeps the answer it was going to replace', () => {
    const state = run(
      ...threeAnswers,
      { type: 'rerecord', index: 2 },
      { type: 'takeRecorded', answer: answer(33) },
      { type: 'cancelRerecord' },
    );
    expect(state).toMatchObject({ phase: 'review', take: null, rerecording: false });
    expect(completeAnswers(state)?.[2]).toEqual(answer(3));
  });

  it('settings changed while re-recording come back to the same question, then to review', () => {
    const state = run(
      ...threeAnswers,
      { type: 'rerecord', index: 0 },
      { type: 'changeSettings' },
      { type: 'startInterview' },
    );
    expect(state).toMatchObject({ phase: 'recording', index: 0, rerecording: true });
    expect(from(state, ...record(9)).phase).toBe('review');
  });

  it('Start Over returns to setup with no answers', () => {
    const state = run(...threeAnswers, { type: 'startOver' });
    expect(state).toEqual(initialMoiFlow);
    expect(completeAnswers(state)).toBeNull();
  });

  it('ignores a recorded take outside recording', () => {
    expect(run({ type: 'takeRecorded', answer: answer(1) })).toEqual(initialMoiFlow);
  });

  it('names the blob: URLs still in use, the take among them', () => {
    const state = run({ type: 'startInterview' }, ...record(1), {
      type: 'takeRecorded',
      answer: answer(2),
    });
    expect(urlsInUse(state)).toEqual(['blob:take-1', 'blob:take-2']);
    expect(urlsInUse(moiFlowReducer(state, { type: 'startOver' }))).toEqual([]);
  });
});

describe('whether the interview is under way', () => {
  it('is not in setup with nothing recorded, and is from the first question on', () => {
    expect(isUnderWay(initialMoiFlow)).toBe(false);
    expect(isUnderWay(run({ type: 'startInterview' }))).toBe(true);
    expect(isUnderWay(run(...threeAnswers))).toBe(true);
  });

  it('stays under way back in setup with answers kept, and ends with Start Over', () => {
    const backInSetup = run({ type: 'startInterview' }, ...record(1), { type: 'changeSettings' });
    expect(backInSetup.phase).toBe('setup');
    expect(isUnderWay(backInSetup)).toBe(true);
    expect(isUnderWay(from(run(...threeAnswers), { type: 'startOver' }))).toBe(false);
    // A take not kept is thrown away with the settings: nothing left to lose.
    const takeOnly = run({ type: 'startInterview' }, { type: 'takeRecorded', answer: answer(1) });
    expect(isUnderWay(from(takeOnly, { type: 'changeSettings' }))).toBe(false);
  });
});
