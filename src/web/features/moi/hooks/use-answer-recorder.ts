import { useCallback, useEffect, useRef, useState } from 'react';
import {
  MOI_MAX_ANSWER_SECONDS,
  MOI_MESSAGES,
  MOI_RECORDER_TIMESLICE_MS,
} from '../../../../shared/moi.js';
import { recorderOptions } from '../utils/recording-settings.js';

/** How often the countdown is redrawn; a quarter second keeps it from lagging a whole second. */
const TICK_MS = 250;
const LIMIT_MS = MOI_MAX_ANSWER_SECONDS * 1000;

interface Recording {
  recorder: MediaRecorder;
  startedAt: number;
  /** Set for a take thrown away ('Change Audio/Video Settings', leaving the page). */
  discarded: boolean;
}

export interface AnswerRecorder {
  recording: boolean;
  /** Milliseconds recorded so far in this take (0 when not recording). */
  elapsedMs: number;
  /** The last take stopped by itself at the time limit. */
  limitReached: boolean;
  /** Spec section 8's words when recording could not start, or null. */
  error: string | null;
  start: () => void;
  stop: () => void;
  /** Stops without keeping what was recorded. */
  discard: () => void;
}

/**
 * Records one answer from the stream with the settings of spec section 9: WebM, about 250 kbps
 * of video and 96 kbps of audio, in 1 s chunks (a long answer is never one huge buffer). It stops
 * by itself at 90 seconds. `onRecorded` gets the whole take once the recorder has flushed it.
 */
export function useAnswerRecorder(
  stream: MediaStream | null,
  mimeType: string | null,
  onRecorded: (video: Blob) => void,
): AnswerRecorder {
  /** When the take being recorded started; null when not recording. */
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  const [limitReached, setLimitReached] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = useRef<Recording | null>(null);
  const onRecordedRef = useRef(onRecorded);

  useEffect(() => {
    onRecordedRef.current = onRecorded;
  }, [onRecorded]);

  const finish = useCallback((discard: boolean) => {
    const take = current.current;
    if (!take) return;
    take.discarded ||= discard;
    current.current = null;
    if (take.recorder.state !== 'inactive') take.recorder.stop();
    setStartedAt(null);
  }, []);

  // The countdown, and the automatic stop at the limit (spec section 5).
  useEffect(() => {
    if (startedAt === null) return;
    const timer = window.setInterval(() => {
      const time = Date.now();
      if (time - startedAt >= LIMIT_MS) {
        setLimitReached(true);
        finish(false);
      } else {
        setNow(time);
      }
    }, TICK_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, [startedAt, finish]);

  // Leaving the page mid-answer: the recorder stops and its take is dropped.
  useEffect(
    () => () => {
      const take = current.current;
      current.current = null;
      if (take && take.recorder.state !== 'inactive') {
        take.discarded = true;
        take.recorder.stop();
      }
    },
    [],
  );

  const start = () => {
    if (!stream || !mimeType || current.current) return;
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, recorderOptions(mimeType));
    } catch {
      setError(MOI_MESSAGES.unsupportedBrowser);
      return;
    }
    const chunks: Blob[] = [];
    const take: Recording = { recorder, startedAt: Date.now(), discarded: false };
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    recorder.addEventListener('stop', () => {
      // A stop the page did not ask for (the camera was unplugged) keeps what was recorded.
      if (current.current === take) {
        current.current = null;
        setStartedAt(null);
      }
      if (take.discarded || chunks.length === 0) return;
      onRecordedRef.current(new Blob(chunks, { type: recorder.mimeType || mimeType }));
    });
    recorder.start(MOI_RECORDER_TIMESLICE_MS);
    current.current = take;
    setError(null);
    setLimitReached(false);
    setNow(take.startedAt);
    setStartedAt(take.startedAt);
  };

  return {
    recording: startedAt !== null,
    elapsedMs: startedAt === null ? 0 : Math.max(0, now - startedAt),
    limitReached,
    error,
    start,
    stop: () => {
      finish(false);
    },
    discard: () => {
      finish(true);
    },
  };
}
