import { ArrowRight, CircleAlert } from 'lucide-react';
import type { Ref } from 'react';
import {
  MOI_MAX_ANSWER_SECONDS,
  MOI_MESSAGES,
  MOI_QUESTION_COUNT,
} from '../../../../shared/moi.js';
import { Alert, AlertDescription } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { FormField } from '../../../components/ui/form-field.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { Select } from '../../../components/ui/select.js';
import type { MediaAccess } from '../hooks/use-media-access.js';
import { CameraPreview } from './camera-preview.js';
import { MicLevelMeter } from './mic-level-meter.js';
import { PermissionPanel } from './permission-panel.js';

const TIPS = [
  'Sit in a quiet, well-lit place with your face in the picture.',
  'Speak clearly, in English, as you would to an admissions officer.',
  'You can watch each answer and record it again before you submit.',
] as const;

/** A device's name, or a numbered stand-in when the browser gives none. */
const deviceName = (device: MediaDeviceInfo, kind: string, n: number) =>
  device.label || `${kind} ${n + 1}`;

/**
 * Spec section 2's setup: the permission check, camera and microphone choice, the preview and
 * the microphone level, then 'Start Interview Process'. The tips come first, so that what the
 * check brings (a preview, or how to allow access) pushes nothing down.
 */
export function SetupPhase({
  media,
  recorderSupported,
  headingRef,
  onStart,
}: {
  media: MediaAccess;
  /** Whether this browser can record WebM at all. */
  recorderSupported: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onStart: () => void;
}) {
  const ready = media.permission === 'granted' && media.stream !== null && recorderSupported;
  return (
    <Card className="gap-6 p-4 sm:p-6">
      <CardHeader>
        <CardTitle ref={headingRef} tabIndex={-1} className="outline-none">
          Set Up Your Camera and Microphone
        </CardTitle>
        <CardDescription>
          You will answer {MOI_QUESTION_COUNT} questions on camera, up to {MOI_MAX_ANSWER_SECONDS}{' '}
          seconds each, so your school can confirm you can study in English.
        </CardDescription>
      </CardHeader>
      <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
        {TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>

      {!recorderSupported ? (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{MOI_MESSAGES.unsupportedBrowser}</AlertDescription>
        </Alert>
      ) : null}

      {media.permission === 'checking' ? (
        <LoadingStatus>Checking camera and microphone access…</LoadingStatus>
      ) : null}

      {media.permission === 'denied' ? (
        <PermissionPanel error={media.error} onRetry={media.retry} />
      ) : null}

      {media.permission === 'granted' ? (
        <div className="grid gap-6 md:grid-cols-2">
          <CameraPreview stream={media.stream} />
          <div className="flex min-w-0 flex-col gap-5">
            <FormField id="moi-camera" label="Camera">
              <Select
                value={media.selection.cameraId ?? ''}
                onChange={(event) => {
                  media.selectCamera(event.target.value);
                }}
              >
                {media.cameras.map((camera, i) => (
                  <option key={camera.deviceId} value={camera.deviceId}>
                    {deviceName(camera, 'Camera', i)}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField id="moi-microphone" label="Microphone">
              <Select
                value={media.selection.microphoneId ?? ''}
                onChange={(event) => {
                  media.selectMicrophone(event.target.value);
                }}
              >
                {media.microphones.map((microphone, i) => (
                  <option key={microphone.deviceId} value={microphone.deviceId}>
                    {deviceName(microphone, 'Microphone', i)}
                  </option>
                ))}
              </Select>
            </FormField>
            <MicLevelMeter stream={media.stream} />
            {media.error ? (
              <Alert variant="destructive">
                <CircleAlert aria-hidden="true" />
                <AlertDescription>{media.error}</AlertDescription>
              </Alert>
            ) : null}
          </div>
        </div>
      ) : null}

      {/* Not there while the check runs: the camera's preview or the help to allow it, whichever
          comes, would push it down. */}
      {media.permission === 'checking' ? null : (
        <Button
          type="button"
          size="lg"
          className="w-full sm:w-fit"
          disabled={!ready}
          onClick={onStart}
        >
          Start Interview Process
          <ArrowRight aria-hidden="true" />
        </Button>
      )}
    </Card>
  );
}
