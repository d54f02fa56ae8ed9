import { vi } from 'vitest';
import { stubObjectUrls } from '../../../test/object-urls.js';

/**
 * Fakes of the browser's media APIs, the boundary the interview page crosses: getUserMedia and
 * enumerateDevices, MediaRecorder, the Web Audio analyser and blob: URLs. jsdom has none of them.
 * Each keeps what the page did with it, for the test to read.
 */

export class FakeTrack {
  readyState: MediaStreamTrackState = 'live';
  constructor(
    readonly kind: 'audio' | 'video',
    readonly deviceId: string,
  ) {}
  stop() {
    this.readyState = 'ended';
  }
  getSettings() {
    return { deviceId: this.deviceId };
  }
}

export class FakeStream {
  constructor(readonly tracks: FakeTrack[]) {}
  getTracks() {
    return this.tracks;
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
}

const device = (kind: MediaDeviceKind, deviceId: string, label: string) =>
  ({ kind, deviceId, label, groupId: 'g', toJSON: () => ({}) }) as MediaDeviceInfo;

export const DEVICES = [
  device('videoinput', 'front-camera', 'Front Camera'),
  device('videoinput', 'usb-camera', 'USB Camera'),
  device('audioinput', 'built-in-mic', 'Built-in Microphone'),
];

interface DeviceConstraint {
  deviceId?: { exact: string };
}

export interface FakeMediaOptions {
  /** How the first getUserMedia calls answer: 'granted' opens the devices. */
  answers?: ('granted' | 'denied' | 'not-found')[];
  /** MediaRecorder.isTypeSupported says yes to these. */
  supportedTypes?: string[];
}

export function installFakeMedia({
  answers = [],
  supportedTypes = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm'],
}: FakeMediaOptions = {}) {
  const streams: FakeStream[] = [];
  const recorders: FakeMediaRecorder[] = [];
  const queue = [...answers];

  const getUserMedia = vi.fn(
    async (constraints: { video: DeviceConstraint; audio: DeviceConstraint }) => {
      const answer = queue.shift() ?? 'granted';
      if (answer === 'denied') throw new DOMException('Permission denied', 'NotAllowedError');
      if (answer === 'not-found')
        throw new DOMException('Requested device not found', 'NotFoundError');
      const stream = new FakeStream([
        new FakeTrack('video', constraints.video.deviceId?.exact ?? 'front-camera'),
        new FakeTrack('audio', constraints.audio.deviceId?.exact ?? 'built-in-mic'),
      ]);
      streams.push(stream);
      return stream;
    },
  );
  const events = new EventTarget();
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia,
      enumerateDevices: vi.fn(async () => DEVICES),
      addEventListener: events.addEventListener.bind(events),
      removeEventListener: events.removeEventListener.bind(events),
    },
  });

  class FakeMediaRecorder extends EventTarget {
    static isTypeSupported(type: string) {
      return supportedTypes.includes(type);
    }
    state: RecordingState = 'inactive';
    timeslice: number | undefined;
    readonly mimeType: string;
    constructor(
      readonly stream: FakeStream,
      readonly options: MediaRecorderOptions,
    ) {
      super();
      this.mimeType = options.mimeType ?? '';
      recorders.push(this);
    }
    start(timeslice?: number) {
      this.state = 'recording';
      this.timeslice = timeslice;
    }
    stop() {
      this.state = 'inactive';
      const data = new Blob([`take-${recorders.indexOf(this) + 1}`], { type: this.mimeType });
      this.dispatchEvent(Object.assign(new Event('dataavailable'), { data }));
      this.dispatchEvent(new Event('stop'));
    }
  }
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);

  /** The analyser hears a steady tone, so the meter moves. */
  class FakeAudioContext {
    closed = false;
    createMediaStreamSource() {
      return { connect: () => undefined, disconnect: () => undefined };
    }
    createAnalyser() {
      return {
        fftSize: 0,
        getByteTimeDomainData: (samples: Uint8Array) => {
          samples.forEach((_, i) => {
            samples[i] = i % 2 === 0 ? 168 : 88;
          });
        },
      };
    }
    async resume() {}
    async close() {
      this.closed = true;
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);

  const urls = stubObjectUrls('answer');

  return {
    getUserMedia,
    streams,
    recorders,
    urls,
    /** Every track the page opened and has not stopped. */
    liveTracks: () => streams.flatMap((s) => s.tracks).filter((t) => t.readyState === 'live'),
    uninstall: () => {
      Reflect.deleteProperty(navigator, 'mediaDevices');
    },
  };
}
