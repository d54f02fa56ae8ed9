import { apiPath } from '../../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../../shared/staff-api-paths.js';
import type { TStaffStudentRecord } from '../../../../shared/staff-students.js';
import { staffMay } from '../../../../shared/staff-permissions.js';
import { RelativeTime } from '../../../components/ui/relative-time.js';
import { useSignedInStaff } from '../use-signed-in-staff.js';
import { InterviewReviewForm } from './interview-review-form.js';

/** The recorded English interviews: each answer's question over its video, to play here. */
export function MoiSection({
  studentId,
  record,
}: {
  studentId: string;
  record: TStaffStudentRecord;
}) {
  const { role } = useSignedInStaff();
  const recordings = record.moiRecordings;
  if (recordings.length === 0)
    return <p className="text-muted-foreground">No interview recordings.</p>;
  const submitted = recordings.some((recording) => recording.status === 'submitted');
  return (
    <div className="flex flex-col gap-6">
      {submitted && staffMay(role, 'reviewInterview') ? (
        <InterviewReviewForm studentId={studentId} overview={record.overview} />
      ) : null}
      {recordings.map((recording) => (
        <section
          key={recording.sessionId}
          aria-label={`Interview ${recording.sessionId}`}
          className="flex flex-col gap-3"
        >
          <p className="text-sm text-muted-foreground">
            Status: {recording.status}
            {recording.reviewResult ? `, review: ${recording.reviewResult}` : ''}
            {recording.submittedAt ? (
              <>
                , submitted <RelativeTime value={recording.submittedAt} afterAWeek="date" />
              </>
            ) : null}
          </p>
          <ol className="grid gap-4 lg:grid-cols-2">
            {[...recording.videos]
              .sort((a, b) => a.videoIndex - b.videoIndex)
              .map((video) => (
                <li key={video.id} className="flex flex-col gap-2">
                  <h3 className="text-sm font-semibold">
                    Question {video.videoIndex + 1}: {video.questionText}
                  </h3>
                  {/* A student's spoken answer, recorded in the browser: there is no caption track. */}
                  <video
                    controls
                    preload="metadata"
                    className="aspect-video w-full rounded-xl bg-slate-950"
                    aria-label={`Answer to question ${video.videoIndex + 1}`}
                    src={apiPath(STAFF_API_PATHS.staffStudentMoiVideo, {
                      id: studentId,
                      videoId: video.id,
                    })}
                  />
                </li>
              ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
