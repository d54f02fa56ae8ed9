import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { moiSessions, moiVideos } from '../../db/schema.js';
import { AdminError, UsageError } from '../admin-error.js';
import type { AdminCommand } from '../command.js';
import { describeStudent, findStudent } from '../find-student.js';
import { parseOptions } from '../parse-options.js';

const NAME = 'export-moi-videos';

export const exportMoiVideos: AdminCommand = {
  name: NAME,
  summary: "copy a student's interview recordings from file storage to a folder",
  help: `Usage: npm run admin -- ${NAME} <student id or e-mail> --out <folder> [--interview <id>]

Copies the recordings (WebM) of the student's latest submitted interview, or of the one named,
from the portal's file storage (local or S3) into the folder, as answer-1.webm, answer-2.webm, ...
The folder is created if needed; files already there are never overwritten.
  --out <folder>     where to put the recordings (required)
  --interview <id>   this interview (see moi-submissions) instead of the latest submitted one

Example: npm run admin -- ${NAME} farida@example.com --out ./interviews/farida`,
  prepare(argv) {
    const { values, positionals } = parseOptions(
      NAME,
      argv,
      { out: { type: 'string' }, interview: { type: 'string' } },
      ['<student id or e-mail>'],
    );
    const out = values.out;
    if (out === undefined || out.trim() === '')
      throw new UsageError(`${NAME}: --out <folder> is required`);
    const interview = values.interview;
    if (interview !== undefined && !z.uuid().safeParse(interview).success) {
      throw new UsageError(
        `${NAME}: --interview must be an interview id as moi-submissions shows it`,
      );
    }
    return async (ctx) => {
      const student = await findStudent(ctx.db, positionals[0] ?? '');
      const [session] = await ctx.db
        .select({ id: moiSessions.id, status: moiSessions.status })
        .from(moiSessions)
        .where(
          and(
            eq(moiSessions.studentId, student.id),
            interview === undefined
              ? eq(moiSessions.status, 'submitted')
              : eq(moiSessions.id, interview),
          ),
        )
        .orderBy(desc(moiSessions.submittedAt))
        .limit(1);
      if (!session) {
        throw new AdminError(
          interview === undefined
            ? `${describeStudent(student)} has no submitted interview.`
            : `${describeStudent(student)} has no interview ${interview}.`,
        );
      }
      const videos = await ctx.db
        .select({ index: moiVideos.videoIndex, key: moiVideos.storageKey })
        .from(moiVideos)
        .where(eq(moiVideos.sessionId, session.id))
        .orderBy(asc(moiVideos.videoIndex));
      if (videos.length === 0) throw new AdminError(`Interview ${session.id} has no recordings.`);

      const folder = resolve(out);
      await mkdir(folder, { recursive: true });
      const written: string[] = [];
      try {
        for (const video of videos) {
          const content = await ctx.storage.read(video.key);
          if (!content)
            throw new AdminError(
              `The recording of answer ${video.index + 1} is missing from file storage (${video.key}).`,
            );
          const path = join(folder, `answer-${video.index + 1}.webm`);
          // wx: an existing file is someone's earlier export; refuse rather than replace it.
          const file = createWriteStream(path, { flags: 'wx', mode: 0o600 });
          written.push(path);
          await pipeline(content, file).catch((error: unknown) => {
            if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
              written.pop();
              throw new AdminError(`${path} already exists; choose an empty folder.`);
            }
            throw error;
          });
        }
      } catch (error) {
        // All the recordings or none: a partial export looks complete to whoever opens the folder.
        await Promise.all(written.map((p) => rm(p, { force: true })));
        throw error;
      }
      ctx.io.out(
        `Exported ${videos.length} recordings of interview ${session.id} (${session.status}) of ${describeStudent(student)} to ${folder}:`,
      );
      for (const path of written) ctx.io.out(`  ${path}`);
    };
  },
};
