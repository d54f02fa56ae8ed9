import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZErrorResponseSchema } from '../../../shared/errors.js';
import {
  MAX_MOI_VIDEO_BYTES,
  MOI_MESSAGES,
  ZMoiAnswersRequestSchema,
  ZMoiQuestionListResponseSchema,
  ZMoiReviewResponseSchema,
  ZMoiSessionResponseSchema,
  ZMoiSubmissionResponseSchema,
  ZMoiSubmitVideoQuerySchema,
  ZMoiSubmitVideoResponseSchema,
} from '../../../shared/moi.js';
import { drainRefusedUpload } from '../../lib/drain-refused-upload.js';
import { multipartParts, singleFileMultipartOptions } from '../../lib/multipart-parts.js';
import { enforceRateLimit } from '../../db/rate-limit.js';
import { refuseOversizedRequest } from '../../lib/refuse-oversized-request.js';
import { readMoiReview } from './read-moi-review.js';
import { listMoiQuestions } from './list-moi-questions.js';
import { startMoiSession } from './start-moi-session.js';
import { submitMoiAnswers } from './submit-moi-answers.js';
import { uploadMoiVideo } from './upload-moi-video.js';

/**
 * An interview is three uploads; a bad network may need each tried several times, and a student
 * may record it again. Too few to fill a disk: at most about 190 MB in ten minutes.
 */
export const MOI_UPLOADS_PER_STUDENT = { limit: 24, windowMs: 10 * 60_000 };

export const moiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, singleFileMultipartOptions(MAX_MOI_VIDEO_BYTES));

  app.get(
    API_PATHS.moiQuestions,
    {
      schema: {
        summary: 'The MOI interview questions, in the order they are asked',
        tags: ['moi'],
        response: { 200: ZMoiQuestionListResponseSchema },
      },
    },
    async () => listMoiQuestions(app.db),
  );

  app.get(
    API_PATHS.moiReview,
    {
      schema: {
        summary: "The school's review of the signed-in student's latest submitted interview",
        description: 'The reason of a retake the school asked for; null when there is none.',
        tags: ['moi'],
        response: { 200: ZMoiReviewResponseSchema },
      },
    },
    async (request) => readMoiReview(app.db, request.student.id),
  );

  app.post(
    API_PATHS.moiSessions,
    {
      schema: {
        summary: "The signed-in student's open MOI interview session, started if there is none",
        description:
          'Answers the same session until it is submitted (200), or a new one (201). Refused when the school does not require the interview (403) or it is already submitted (409).',
        tags: ['moi'],
        response: {
          200: ZMoiSessionResponseSchema,
          201: ZMoiSessionResponseSchema,
          409: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { sessionId, created } = await startMoiSession(app.db, request.student.id);
      return reply.status(created ? 201 : 200).send({ sessionId });
    },
  );

  app.post(
    API_PATHS.moiSubmitVideo,
    {
      onSend: drainRefusedUpload(MAX_MOI_VIDEO_BYTES),
      schema: {
        summary: 'Upload the recording of one answer (WebM)',
        description:
          "multipart/form-data with one `video` file field. The type is decided by the file's content (a WebM header), never by its name or declared type. The same session and videoIndex uploaded again replaces the recording and answers the same fileId.",
        tags: ['moi'],
        consumes: ['multipart/form-data'],
        querystring: ZMoiSubmitVideoQuerySchema,
        response: {
          201: ZMoiSubmitVideoResponseSchema,
          400: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
          409: ZErrorResponseSchema,
          413: ZErrorResponseSchema,
          415: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      refuseOversizedRequest(request, MAX_MOI_VIDEO_BYTES, MOI_MESSAGES.tooLarge);
      const bucket = `moi-videos:student:${request.student.id}`;
      await enforceRateLimit(app.db, bucket, MOI_UPLOADS_PER_STUDENT, MOI_MESSAGES.tooManyUploads);
      const deps = { db: app.db, storage: app.fileStorage, log: request.log };
      const stored = await uploadMoiVideo(
        deps,
        request.student.id,
        request.query,
        multipartParts(request, MOI_MESSAGES.noFile),
      );
      return reply.status(201).send(stored);
    },
  );

  app.post(
    API_PATHS.moiAnswers,
    {
      schema: {
        summary: 'Submit the three recorded answers of the MOI interview',
        description:
          "Each answer names a recording uploaded into the student's own open session, at its videoIndex and for its question. The student's MOI status becomes 'Submitted'.",
        tags: ['moi'],
        body: ZMoiAnswersRequestSchema,
        response: {
          201: ZMoiSubmissionResponseSchema,
          400: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
          409: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const submission = await submitMoiAnswers(app.db, request.student.id, request.body);
      return reply.status(201).send(submission);
    },
  );
};
