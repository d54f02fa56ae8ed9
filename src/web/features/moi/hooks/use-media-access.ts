import { useCallback, useEffect, useRef, useState } from 'react';
import { MOI_MESSAGES } from '../../../../shared/moi.js';
import { type DeviceSelection, mediaConstraints } from '../utils/recording-settings.js';

/** Spec section 4: camera permission is unknown (being checked), granted or denied. */
export type CameraPermission = 'checking' | 'granted' | 'denied';

export interface MediaAccess {
  permission: CameraPermission;
  /** The live camera and microphone; null while none is open (checking, denied, not active). */
  stream: MediaStream | null;
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  selection: DeviceSelection;
  /** Spec section 8's words for the last failure, or null. */
  error: string | null;
  selectCamera: (deviceId: string) => void;
  selectMicrophone: (deviceId: string) => void;
  /** Asks for the camera and microphone again (after the student changed the permission). */
  retry: () => void;
}

interface AccessState {
  permission: CameraPermission;
  stream: MediaStream | null;
  devices: MediaDeviceInfo[];
  selection: DeviceSelection;
  error: string | null;
}

const isLive = (stream: MediaStream | null): stream is MediaStream =>
  stream !== null && stream.getTracks().some((track) => track.readyState === 'live');

function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The devices a stream really uses: a browser may not give the one asked for by default. */
function selectionOf(stream: MediaStream): DeviceSelection {
  const [video] = stream.getVideoTracks();
  const [audio] = stream.getAudioTracks();
  return {
    cameraId: video?.getSettings().deviceId ?? null,
    microphoneId: audio?.getSettings().deviceId ?? null,
  };
}

async function listDevices(): Promise<MediaDeviceInfo[]> {
  try {
    return await navigator.mediaDevices.enumerateDevices();
  } catch {
    return [];
  }
}

/**
 * The camera and microphone, open while `active` (setup and recording) and closed otherwise, so
 * the camera light goes off during review and when the student leaves the page. Asking the
 * browser for them is the permission check: the first answer decides granted or denied. A device
 * the student then picks that fails to open keeps the one that works, with spec section 8's
 * 'Failed to access the selected camera or microphone.'
 */
export function useMediaAccess(active: boolean): MediaAccess {
  const [state, setState] = useState<AccessState>({
    permission: 'checking',
    stream: null,
    devices: [],
    selection: { cameraId: null, microphoneId: null },
    error: null,
  });
  const streamRef = useRef<MediaStream | null>(null);
  const selectionRef = useRef(state.selection);
  const activeRef = useRef(active);
  /** Counts requests, so only the latest one's answer is used. */
  const requestRef = useRef(0);

  const open = useCallback(async (selection: DeviceSelection, purpose: 'open' | 'switch') => {
    const request = ++requestRef.current;
    let stream: MediaStream;
    try {
      if (!('mediaDevices' in navigator)) throw new Error('No camera access in this browser.');
      stream = await navigator.mediaDevices.getUserMedia(mediaConstraints(selection));
    } catch {
      if (request !== requestRef.current) return;
      const previous = streamRef.current;
      if (purpose === 'switch' && isLive(previous)) {
        selectionRef.current = selectionOf(previous);
        setState((s) => ({
          ...s,
          selection: selectionRef.current,
          error: MOI_MESSAGES.selectedDeviceFailed,
        }));
      } else {
        setState((s) => ({ ...s, permission: 'denied', error: MOI_MESSAGES.cameraFailed }));
      }
      return;
    }
    if (request !== requestRef.current || !activeRef.current) {
      stopStream(stream);
      return;
    }
    stopStream(streamRef.current);
    streamRef.current = stream;
    selectionRef.current = selectionOf(stream);
    // Device names are only given once access is granted, so the lists are read now.
    const devices = await listDevices();
    if (request !== requestRef.current) return;
    setState({
      permission: 'granted',
      stream,
      devices,
      selection: selectionRef.current,
      error: null,
    });
  }, []);

  useEffect(() => {
    activeRef.current = active;
    if (active) {
      void open(selectionRef.current, 'open');
      return;
    }
    requestRef.current += 1;
    stopStream(streamRef.current);
    streamRef.current = null;
  }, [active, open]);

  // Leaving the page: the camera goes off, and an answer still on its way is dropped.
  useEffect(
    () => () => {
      requestRef.current += 1;
      stopStream(streamRef.current);
      streamRef.current = null;
    },
    [],
  );

  // A camera or headset plugged in or out while on the page shows up in (or leaves) the lists.
  useEffect(() => {
    if (!('mediaDevices' in navigator)) return;
    const devices = navigator.mediaDevices;
    const refresh = () => {
      void listDevices().then((list) => {
        setState((s) => (s.permission === 'granted' ? { ...s, devices: list } : s));
      });
    };
    devices.addEventListener('devicechange', refresh);
    return () => {
      devices.removeEventListener('devicechange', refresh);
    };
  }, []);

  const select = (change: Partial<DeviceSelection>) => {
    const selection = { ...selectionRef.current, ...change };
    selectionRef.current = selection;
    setState((s) => ({ ...s, selection, error: null }));
    void open(selection, 'switch');
  };

  const withId = (kind: MediaDeviceKind) =>
    state.devices.filter((d) => d.kind === kind && d.deviceId !== '');

  return {
    permission: state.permission,
    // A closed stream is no stream: its tracks were stopped when the page left setup and recording.
    stream: active && isLive(state.stream) ? state.stream : null,
    cameras: withId('videoinput'),
    microphones: withId('audioinput'),
    selection: state.selection,
    error: state.error,
    selectCamera: (cameraId) => {
      select({ cameraId });
    },
    selectMicrophone: (microphoneId) => {
      select({ microphoneId });
    },
    retry: () => {
      setState((s) => ({ ...s, permission: 'checking', error: null }));
      void open(selectionRef.current, 'open');
    },
  };
}
