import {
  MOI_AUDIO_BITS_PER_SECOND,
  MOI_RECORDING_MIME_TYPES,
  MOI_VIDEO_BITS_PER_SECOND,
} from '../../../../shared/moi.js';

/** The camera and microphone the student chose; null until they choose (the browser's default). */
export interface DeviceSelection {
  cameraId: string | null;
  microphoneId: string | null;
}

/**
 * Spec section 9: video ideally 640x480 (at most 854x480) at 15 fps (at most 24), mono 48 kHz
 * audio with echo cancellation, noise suppression and automatic gain. Bare values are what the
 * browser should aim for, never a reason to fail on a camera that cannot do them; only a chosen
 * device is required exactly, so the student gets the one they picked or an error.
 */
export function mediaConstraints({ cameraId, microphoneId }: DeviceSelection) {
  return {
    video: {
      width: { ideal: 640, max: 854 },
      height: { ideal: 480, max: 480 },
      frameRate: { ideal: 15, max: 24 },
      ...(cameraId ? { deviceId: { exact: cameraId } } : {}),
    },
    audio: {
      channelCount: 1,
      sampleRate: 48_000,
      echoCancellation: true,
      noiseSuppression: true,
      autoGainControl: true,
      ...(microphoneId ? { deviceId: { exact: microphoneId } } : {}),
    },
  } satisfies MediaStreamConstraints;
}

/**
 * The first WebM format of spec section 9 the browser records, or null when it records none (no
 * MediaRecorder at all, or one that makes only MP4): the server takes WebM only.
 */
export function pickRecordingMimeType(): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  return MOI_RECORDING_MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

/** Spec section 9: about 250 kbps of video and 96 kbps of audio. */
export function recorderOptions(mimeType: string): MediaRecorderOptions {
  return {
    mimeType,
    videoBitsPerSecond: MOI_VIDEO_BITS_PER_SECOND,
    audioBitsPerSecond: MOI_AUDIO_BITS_PER_SECOND,
  };
}
