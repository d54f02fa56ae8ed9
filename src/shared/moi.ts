import { z } from 'zod';

/**
 * The recorded English (MOI, medium of instruction) interview: spec sections 2 "/moi", 3, 4
 * "MOI flow", 5, 7, 8 and 9. The student answers three questions on camera; each answer is
 * uploaded as one WebM file, then the three are submitted together.
 */

/**
 * A student's MOI status (spec sections 3 and 4): 'Incomplete' until they submit their answers,
 * then 'Submitted'; the school may set 'Pending' while it reviews them.
 */
export const MOI_STATUSES = ['Submitted', 'Pending', 'Incomplete'] as const;
export type TMoiStatus = (typeof MOI_STATUSES)[number];

/** An interview session is 'recording' while its answers upload, then 'submitted'. */
export const MOI_SESSION_STATUSES = ['recording', 'submitted'] as const;
export type TMoiSessionStatus = (typeof MOI_SESSION_STATUSES)[number];

/** The school's review of a submitted interview; none until it has reviewed it. */
export const MOI_REVIEW_RESULTS = ['passed', 'failed'] as const;
export type TMoiReviewResult = (typeof MOI_REVIEW_RESULTS)[number];

/** Spec sections 5 and 9: exactly three answers. */
export const MOI_QUESTION_COUNT = 3;
/** Spec section 9: each answer is up to 90 seconds, and recording stops by itself then. */
export const MOI_MAX_ANSWER_SECONDS = 90;
/** Spec section 9: the countdown turns to warning styling with 15 seconds left. */
export const MOI_WARNING_SECONDS_LEFT = 15;
/** Spec section 9: the progress bar changes colour at 60% and again at 80% of the time used. */
export const MOI_PROGRESS_CAUTION_PERCENT = 60;
export const MOI_PROGRESS_DANGER_PERCENT = 80;
/** Spec section 9: the microphone meter updates every 100 ms. */
export const MOI_MIC_METER_INTERVAL_MS = 100;

/** Spec section 9: about 250 kbps of video and 96 kbps of audio, in 1 s chunks. */
export const MOI_VIDEO_BITS_PER_SECOND = 250_000;
export const MOI_AUDIO_BITS_PER_SECOND = 96_000;
export const MOI_RECORDER_TIMESLICE_MS = 1000;
/** Spec section 9, in the order tried: VP9 then VP8 with Opus, then whatever WebM the browser makes. */
export const MOI_RECORDING_MIME_TYPES = [
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
] as const;

/**
 * A recorder treats the bit rates as targets, not ceilings: a moving picture, a keyframe burst or
 * a late stop can overshoot. Twice the nominal size leaves room for all of that while still
 * refusing anything that is not a 90-second answer.
 */
const MOI_UPLOAD_SIZE_MARGIN = 2;

/**
 * The largest answer accepted, in bytes: what 90 seconds at the recording bit rates make, with
 * the margin. About 7.8 MB, so a cheap phone on a slow network is never asked for more.
 */
export const MAX_MOI_VIDEO_BYTES = Math.ceil(
  ((MOI_MAX_ANSWER_SECONDS * (MOI_VIDEO_BITS_PER_SECOND + MOI_AUDIO_BITS_PER_SECOND)) / 8) *
    MOI_UPLOAD_SIZE_MARGIN,
);

export const ZMoiQuestionSchema = z.object({
  id: z.number().int().positive(),
  text: z.string(),
});
export type TMoiQuestion = z.infer<typeof ZMoiQuestionSchema>;

export const ZMoiQuestionListResponseSchema = z.array(ZMoiQuestionSchema);

/**
 * Spec section 8: used when the questions cannot be fetched. They are the questions the server
 * seeds (src/server/db/seed-reference-data.ts writes these texts into an empty table, so they get
 * ids 1 to 3); a server whose questions were since replaced refuses an answer to an unknown id.
 */
export const MOI_FALLBACK_QUESTIONS: readonly TMoiQuestion[] = [
  {
    id: 1,
    text: 'Please introduce yourself and explain why you want to study in the United States.',
  },
  {
    id: 2,
    text: 'Describe your academic background and how it has prepared you for your chosen program.',
  },
  {
    id: 3,
    text: 'What are your career goals, and how will this program help you achieve them?',
  },
];

/** POST /api/moi/sessions: the student's open interview, the one their answers upload into. */
export const ZMoiSessionResponseSchema = z.object({ sessionId: z.uuid() });

/**
 * GET /api/moi/review: why the school asked the student to record the interview again, while
 * that retake is what their latest submission got; null otherwise.
 */
export const ZMoiReviewResponseSchema = z.object({ retakeReason: z.string().nullable() });
export type TMoiReviewResponse = z.infer<typeof ZMoiReviewResponseSchema>;
export type TMoiSessionResponse = z.infer<typeof ZMoiSessionResponseSchema>;

const videoIndex = z.coerce
  .number()
  .int()
  .min(0)
  .max(MOI_QUESTION_COUNT - 1);
const questionId = z.coerce.number().int().positive().max(2_147_483_647);

/** POST /api/moi/submit-video?sessionId=&videoIndex=&questionId= (spec section 7). */
export const ZMoiSubmitVideoQuerySchema = z.object({
  sessionId: z.uuid('sessionId must be the id of your interview session'),
  /** Which answer, from 0 (the first question) to 2. */
  videoIndex,
  questionId,
});
export type TMoiSubmitVideoQuery = z.infer<typeof ZMoiSubmitVideoQuerySchema>;

/** The one multipart field of an answer's upload. */
export const MOI_UPLOAD_FIELDS = { video: 'video' } as const;

/** Spec section 3, "Upload result". The same answer uploaded again keeps its id. */
export const ZMoiSubmitVideoResponseSchema = z.object({ fileId: z.uuid() });
export type TMoiSubmitVideoResponse = z.infer<typeof ZMoiSubmitVideoResponseSchema>;

/**
 * The first three are the spec's (section 8), verbatim; the rest are the server's refusals,
 * written for the student, who sees them in 'Video {n} upload failed: {message}'.
 */
export const MOI_MESSAGES = {
  cameraFailed: 'Failed to access camera or microphone. Please check your permissions.',
  selectedDeviceFailed: 'Failed to access the selected camera or microphone.',
  accessRequired: 'Camera and microphone access is required to continue.',
  questionsUnavailable: 'Unable to load MOI questions. Please refresh the page to try again.',
  answersFailed: 'Failed to create MOI documents',
  submitFailed: 'Failed to submit recordings. Please try again.',
  wrongCount: `Exactly ${MOI_QUESTION_COUNT} answers are needed to submit.`,
  wrongType: 'Only WebM video recordings can be uploaded.',
  tooLarge: `The recording is too large. Each answer can be at most ${MOI_MAX_ANSWER_SECONDS} seconds.`,
  noFile: 'Please attach the video recording of your answer.',
  unreadable: 'The recording could not be read. Please try the upload again.',
  sessionNotFound: 'Interview session not found. Please start the interview again.',
  recordingNotFound: 'A recording of this submission was not found. Please upload it again.',
  answerMismatch: 'An answer does not match its uploaded recording. Please upload it again.',
  unknownQuestion:
    'This question is no longer part of the interview. Please refresh the page and record again.',
  duplicateAnswer: 'Each answer must be to a different question.',
  notRequired: 'Your school does not require an MOI interview.',
  alreadySubmitted: 'Your MOI interview has already been submitted.',
  tooManyUploads: 'Too many uploads in a short time. Please wait a few minutes and try again.',
  unsupportedBrowser:
    'This browser cannot record video in the format your school needs. Please use an up-to-date Chrome, Edge or Firefox.',
} as const;

/** Spec section 8: how a failed answer upload is reported (n counts from 1). */
export function videoUploadFailedMessage(n: number, serverMessage: string | null): string {
  return `Video ${n} upload failed: ${serverMessage ?? 'Unknown error'}`;
}

/** Spec section 7: one entry of POST /api/moi/answers. */
export const ZMoiAnswerSchema = z.object({
  fileId: z.uuid(),
  questionId: z.number().int().positive().max(2_147_483_647),
  /** Sent by the spec's client; the server keeps its own question texts. */
  questionText: z.string().max(2000),
  videoIndex: z
    .number()
    .int()
    .min(0)
    .max(MOI_QUESTION_COUNT - 1),
});
export type TMoiAnswer = z.infer<typeof ZMoiAnswerSchema>;

export const ZMoiAnswersRequestSchema = z.object({
  sessionId: z.uuid('sessionId must be the id of your interview session'),
  videoData: z
    .array(ZMoiAnswerSchema)
    .length(MOI_QUESTION_COUNT, MOI_MESSAGES.wrongCount)
    .refine(
      (answers) => new Set(answers.map((a) => a.videoIndex)).size === answers.length,
      MOI_MESSAGES.wrongCount,
    )
    .refine(
      (answers) => new Set(answers.map((a) => a.questionId)).size === answers.length,
      MOI_MESSAGES.duplicateAnswer,
    ),
});
export type TMoiAnswersRequest = z.infer<typeof ZMoiAnswersRequestSchema>;

/** What a submission answers: the dashboard's MOI status is now 'Submitted'. */
export const ZMoiSubmissionResponseSchema = z.object({
  sessionId: z.uuid(),
  moiStatus: z.literal('Submitted' satisfies TMoiStatus),
  /** ISO 8601 timestamp. */
  submittedAt: z.string(),
});
export type TMoiSubmissionResponse = z.infer<typeof ZMoiSubmissionResponseSchema>;
