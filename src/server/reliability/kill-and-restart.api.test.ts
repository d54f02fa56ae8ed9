import { randomUUID } from 'node:crypto';
import { utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '../../shared/api-paths.js';
import { ZDocumentSchema } from '../../shared/documents.js';
import { ZProfileSchema } from '../../shared/profile.js';
import { TEMPORARY_PREFIX } from '../storage/file-storage.js';
import { STALE_TEMPORARY_MS } from '../storage/plugin.js';
import { testDatabaseKinds } from '../test/test-databases.js';
import { numberedProfile, saveProfileRepeatedly } from '../test/profile-saves.js';
import { SERVER_TEST_TIMEOUT_MS, signInDemoStudent, useServerSite } from '../test/server-site.js';
import {
  readStoredUploads,
  temporaryFiles,
  waitForTemporaryFiles,
} from '../test/stored-uploads.js';

/**
 * Makes the crash's temporary files as old as they would be had the restart come later than the
 * sweep's threshold, and adds a fresh one, as another instance's upload in flight in a shared
 * folder or bucket would be: the restart's sweep must take the first and leave the second.
 */
async function ageCrashLeftovers(dataDir: string, leftovers: string[]): Promise<string> {
  const then = new Date(Date.now() - STALE_TEMPORARY_MS - 60_000);
  for (const file of leftovers) await utimes(file, then, then);
  const liveKey = `${TEMPORARY_PREFIX}/${randomUUID()}`;
  await writeFile(join(dataDir, 'files', liveKey), 'another instance is still writing this');
  return liveKey;
}

/** The `count`th "incoming request" line Fastify logs for `method` and `path`. */
function incomingRequest(method: string, path: string, count: number): RegExp {
  const line = `"req":\\{"method":"${method}","path":"${path}"\\},"msg":"incoming request"`;
  return new RegExp(`(?:[\\s\\S]*?${line}){${count}}`);
}

// A real server process (main.ts) killed with SIGKILL while two uploads stream into it and the
// profile is being saved, then started again on the same DATA_DIR and database. ASVS 5.0 V2.3.3
// (every write is whole or absent), V16.5.3 (a crash leaves nothing half-done behind).
describe.each(testDatabaseKinds())(
  'kill -9 during uploads and a profile save on $name',
  { timeout: SERVER_TEST_TIMEOUT_MS },
  (kind) => {
    const siteOf = useServerSite(kind);

    it('keeps every answered write, stores nothing half, and the restart sweeps what the crash left', async () => {
      const site = siteOf();
      const first = await site.start();
      const student = await signInDemoStudent(first.url);
      const moi = await student.openMoiSession();
      const answeredUpload = student.startDocumentUpload();
      answeredUpload.finish();
      const answered = await answeredUpload.outcome;
      expect(answered).toMatchObject({ kind: 'answered', status: 201 });
      const { id: answeredId } = ZDocumentSchema.parse(
        JSON.parse(answered.kind === 'answered' ? answered.body : ''),
      );

      const streaming = [
        student.startDocumentUpload(),
        student.startVideoUpload({ ...moi, videoIndex: 0 }),
      ];
      const saves = saveProfileRepeatedly(student);
      const leftovers = await waitForTemporaryFiles(site.dataDir, 2);
      // Killed as the sixth save comes in, while the server handles it.
      await first.process.waitForOutput(incomingRequest('PUT', API_PATHS.profile, 6), 10_000);
      first.process.kill('SIGKILL');
      expect(await first.process.exited).toBeNull();
      const { lastAnswered, lastSent } = await saves;
      const streamingOutcomes = await Promise.all(streaming.map((upload) => upload.outcome));
      expect(streamingOutcomes.map((outcome) => outcome.kind)).toEqual(['closed', 'closed']);
      // Five saves or more were answered; the next was under way when the process died.
      expect(lastAnswered).toBeGreaterThanOrEqual(5);
      expect(lastSent).toBe(lastAnswered + 1);
      // The crash leaves the streaming uploads' temporary files, and only those.
      expect((await temporaryFiles(site.dataDir)).sort()).toEqual(leftovers.sort());
      const liveKey = await ageCrashLeftovers(site.dataDir, leftovers);

      const second = await site.start();
      const [, removed] = await second.process.waitForOutput(
        /"removed":(\d+)[^\n]*"msg":"removed files of interrupted uploads"/,
        10_000,
      );
      expect(removed).toBe('2');
      const again = student.at(second.url);
      // The upload answered before the crash is there, whole; the ones cut short are not.
      expect((await again.listDocuments()).map((document) => document.id)).toEqual([answeredId]);
      expect((await again.documentBytes(answeredId)).equals(answeredUpload.bytes)).toBe(true);
      // The profile is one save, whole: the last one answered or the one under way.
      const profile = ZProfileSchema.parse(await (await again.call(API_PATHS.profile)).json());
      const saved = [numberedProfile(lastAnswered), numberedProfile(lastSent)];
      expect(saved).toContainEqual(profile);
      second.process.kill('SIGTERM');
      expect(await second.process.exited).toBe(0);

      const stored = await readStoredUploads(site.dataDir, site.location);
      expect(stored.orphans).toEqual([]);
      expect(stored.rows.map((row) => row.table)).toEqual(['documents']);
      expect(stored.temporaries).toEqual([liveKey]);
    });
  },
);
