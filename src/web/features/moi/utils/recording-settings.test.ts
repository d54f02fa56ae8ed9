import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaConstraints, pickRecordingMimeType, recorderOptions } from './recording-settings.js';

const recorderSupporting = (...types: string[]) => {
  vi.stubGlobal('MediaRecorder', { isTypeSupported: (type: string) => types.includes(type) });
};

describe('the recording settings of spec section 9', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('prefers VP9 with Opus, then VP8 with Opus, then any WebM', () => {
    recorderSupporting('video/webm', 'video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus');
    expect(pickRecordingMimeType()).toBe('video/webm;codecs=vp9,opus');
    recorderSupporting('video/webm', 'video/webm;codecs=vp8,opus');
    expect(pickRecordingMimeType()).toBe('video/webm;codecs=vp8,opus');
    recorderSupporting('video/webm');
    expect(pickRecordingMimeType()).toBe('video/webm');
  });

  it('has no format for a browser that records only MP4, or not at all', () => {
    recorderSupporting('video/mp4');
    expect(pickRecordingMimeType()).toBeNull();
    vi.stubGlobal('MediaRecorder', undefined);
    expect(pickRecordingMimeType()).toBeNull();
  });

  it('records about 250 kbps of video and 96 kbps of audio', () => {
    expect(recorderOptions('video/webm')).toEqual({
      mimeType: 'video/webm',
      videoBitsPerSecond: 250_000,
      audioBitsPerSecond: 96_000,
    });
  });

  it('asks for 640x480 at 15 fps and mono 48 kHz with the voice clean-ups, the chosen devices exactly', () => {
    expect(mediaConstraints({ cameraId: null, microphoneId: null })).toEqual({
      video: {
        width: { ideal: 640, max: 854 },
        height: { ideal: 480, max: 480 },
        frameRate: { ideal: 15, max: 24 },
      },
      audio: {
        channelCount: 1,
        sampleRate: 48_000,
        echoCancellation: true,
        noiseSuppression: true,
        autoGainControl: true,
      },
    });
    const chosen = mediaConstraints({ cameraId: 'usb', microphoneId: 'headset' });
    expect(chosen.video).toMatchObject({ deviceId: { exact: 'usb' } });
    expect(chosen.audio).toMatchObject({ deviceId: { exact: 'headset' } });
  });
});
