import { MOI_QUESTION_COUNT } from '../../../../shared/moi.js';

/** One recorded answer (spec section 3, "Recording item"), with the blob: URL it plays from. */
export interface RecordedAnswer {
  questionId: number;
  questionText: string;
  video: Blob;
  url: string;
}

/**
 * Spec section 4, "MOI flow": setup, then recording one question at a time (index 0 to 2), then
 * review. Everything is kept in the page only: nothing is uploaded before 'Submit MOI Interview'.
 */
export interface MoiFlowState {
  phase: 'setup' | 'recording' | 'review';
  /** The question being recorded. */
  index: number;
  /** Recording one answer again from review: keeping it goes back to review. */
  rerecording: boolean;
  /** The answers kept, by question; null where none is kept yet. */
  answers: readonly (RecordedAnswer | null)[];
  /** The answer just recorded, shown for a decision: kept ('Next Question') or recorded again. */
  take: RecordedAnswer | null;
}

export type MoiFlowAction =
  /** 'Start Interview Process': from setup to the question still to record. */
  | { type: 'startInterview' }
  | { type: 'takeRecorded'; answer: RecordedAnswer }
  /** 'Record Again': the take is thrown away, the same question is recorded anew. */
  | { type: 'discardTake' }
  /** 'Next Question' (or, when re-recording, saving the new answer). */
  | { type: 'keepTake' }
  /** 'Change Audio/Video Settings': back to setup; a take not kept is thrown away. */
  | { type: 'changeSettings' }
  | { type: 'rerecord'; index: number }
  | { type: 'cancelRerecord' }
  /** 'Start Over': back to setup with no answers. */
  | { type: 'startOver' };

export const initialMoiFlow: MoiFlowState = {
  phase: 'setup',
  index: 0,
  rerecording: false,
  answers: Array.from({ length: MOI_QUESTION_COUNT }, () => null),
  take: null,
};

export function moiFlowReducer(state: MoiFlowState, action: MoiFlowAction): MoiFlowState {
  switch (action.type) {
    case 'startInterview': {
      if (state.phase !== 'setup') return state;
      // Back from the settings: on with the question that was being recorded.
      const next = state.rerecording ? state.index : state.answers.findIndex((a) => a === null);
      if (next === -1) return { ...state, phase: 'review' };
      return { ...state, phase: 'recording', index: next };
    }
    case 'takeRecorded':
      return state.phase === 'recording' ? { ...state, take: action.answer } : state;
    case 'discardTake':
      return { ...state, take: null };
    case 'keepTake': {
      if (state.phase !== 'recording' || !state.take) return state;
      const answers = state.answers.map((a, i) => (i === state.index ? state.take : a));
      const kept = { ...state, answers, take: null };
      if (state.rerecording) return { ...kept, phase: 'review', rerecording: false };
      const next = answers.findIndex((a) => a === null);
      return next === -1 ? { ...kept, phase: 'review' } : { ...kept, index: next };
    }
    case 'changeSettings':
      return { ...state, phase: 'setup', take: null };
    case 'rerecord':
      if (state.phase !== 'review') return state;
      return { ...state, phase: 'recording', index: action.index, rerecording: true, take: null };
    case 'cancelRerecord':
      return { ...state, phase: 'review', rerecording: false, take: null };
    case 'startOver':
      return initialMoiFlow;
  }
}

/** The three answers, in order, once every question has one (spec section 5: exactly 3). */
export function completeAnswers(state: MoiFlowState): RecordedAnswer[] | null {
  const answers = state.answers.filter((a): a is RecordedAnswer => a !== null);
  return answers.length === MOI_QUESTION_COUNT ? answers : null;
}

/** Every blob: URL the state still plays from; any other the page made may be revoked. */
export function urlsInUse(state: MoiFlowState): string[] {
  return [...state.answers, state.take].flatMap((a) => (a ? [a.url] : []));
}

/**
 * Whether the interview is under way: past setup, or back in it with answers kept. Its answers
 * live only in the page until submitted, so leaving now loses them.
 */
export function isUnderWay(state: MoiFlowState): boolean {
  return state.phase !== 'setup' || state.answers.some((answer) => answer !== null);
}
