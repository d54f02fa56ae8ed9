import { describe, expect, it } from 'vitest';
import { API_PATHS } from '../../shared/api-paths.js';
import { ZDocumentSchema } from '../../shared/documents.js';
import { testDatabaseKinds } from '../test/test-databases.js';
import { SERVER_TEST_TIMEOUT_MS, signInDemoStudent, useServerSite } from '../test/server-site.js';
import type { UploadOutcome } from '../test/slow-upload.js';
import { readStoredUploads, waitForTemporaryFiles } from '../test/stored-uploads.js';

/** A stopping server exits within this (docs/operations.md, Stopping), whatever its clients are doing. */
const EXIT_WITHIN_MS = 10_000;

/** A request's status, or 'refused' when it got no answer (no connection taken, or one closed). */
async function statusOrRefusal(request: Promise<Response>): Promise<number | 'refused'> {
  return request.then(
    (response) => response.status,
    () => 'refused' as const,
  );
}

/** Cut short by the server: the connection closed, or a 5xx; never a success or a 4xx. */
function cutShort(outcome: UploadOutcome): boolean {
  return outcome.kind === 'closed' || outcome.status >= 500;
}

// A real server process (main.ts), stopped with SIGTERM while four uploads stream into it: two
// that finish during the drain and two that never do. ASVS 5.0 V2.3.3 (an upload is all or
// nothing), V16.5.3 (a stop fails the unfinished uploads cleanly, never half-stored).
describe.each(testDatabaseKinds())(
  'SIGTERM during uploads on $name',
  { timeout: SERVER_TEST_TIMEOUT_MS },
  (kind) => {
    const siteOf = useServerSite(kind);

    it('finishes the uploads in flight, refuses new requests, cuts the stalled ones, exits within 10 s and leaves no half file', async () => {
      const site = siteOf();
      const first = await site.start();
      const student = await signInDemoStudent(first.url);
      const moi = await student.openMoiSession();
      const finishing = [
        student.startDocumentUpload(),
        student.startVideoUpload({ ...moi, videoIndex: 0 }),
      ];
      const stalled = [
        student.startDocumentUpload(),
        student.startVideoUpload({ ...moi, videoIndex: 1 }),
      ];
      await waitForTemporaryFiles(site.dataDir, 4);

      const signalledAt = Date.now();
      first.process.kill('SIGTERM');
      await first.process.waitForOutput(/"msg":"shutting down"/, 5_000);
      const newRequest = await statusOrRefusal(student.call(API_PATHS.documents));
      for (const upload of finishing) upload.finish();
      const [documentDone, videoDone] = await Promise.all(finishing.map((u) => u.outcome));
      const stalledOutcomes = await Promise.all(stalled.map((u) => u.outcome));
      const exitCode = await first.process.exited;
      const stoppedInMs = Date.now() - signalledAt;

      expect(['refused', 503]).toContain(newRequest);
      expect(documentDone).toMatchObject({ kind: 'answered', status: 201 });
      expect(videoDone).toMatchObject({ kind: 'answered', status: 201 });
      expect(stalledOutcomes.map(cutShort)).toEqual([true, true]);
      expect(exitCode).toBe(0);
      expect(stoppedInMs).toBeLessThan(EXIT_WITHIN_MS);

      // On disk: the two finished uploads, each whole under its final key with its row; no
      // temporary file left for a sweep, no file without its row.
      const stored = await readStoredUploads(site.dataDir, site.location);
      expect(stored.orphans).toEqual([]);
      expect(stored.temporaries).toEqual([]);
      expect(stored.rows.map((row) => row.table).sort()).toEqual(['documents', 'moi_videos']);

      // After a restart the student sees the finished document, byte for byte.
      const second = await site.start();
      const again = student.at(second.url);
      const answered = documentDone?.kind === 'answered' ? documentDone.body : '';
      const { id } = ZDocumentSchema.parse(JSON.parse(answered));
      expect((await again.listDocuments()).map((document) => document.id)).toEqual([id]);
      expect((await again.documentBytes(id)).equals(finishing[0]?.bytes ?? Buffer.alloc(0))).toBe(
        true,
      );
      second.process.kill('SIGTERM');
      expect(await second.process.exited).toBe(0);
    });
  },
);
