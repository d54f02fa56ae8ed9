import { useEffect, useState } from 'react';
import { MOI_MIC_METER_INTERVAL_MS } from '../../../../shared/moi.js';

/** Loud speech sits around an RMS of 0.3 of full scale; scaled so it fills the meter. */
const FULL_SCALE_RMS = 0.3;

/** The loudness of one window of samples (0 silence, 1 loud), from the analyser's bytes. */
export function levelOf(samples: Uint8Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) {
    const centred = (sample - 128) / 128;
    sum += centred * centred;
  }
  return Math.min(1, Math.sqrt(sum / samples.length) / FULL_SCALE_RMS);
}

/**
 * The microphone's level, from 0 to 1, read every 100 ms (spec section 9) through a Web Audio
 * AnalyserNode. The audio graph only listens: nothing is played back, so there is no echo. It is
 * closed when the stream changes or the page leaves.
 */
export function useMicLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);

  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0 || typeof AudioContext === 'undefined') {
      return;
    }
    const context = new AudioContext();
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const timer = window.setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      setLevel(levelOf(samples));
    }, MOI_MIC_METER_INTERVAL_MS);
    // A browser may start audio suspended until the page is used; the first tap or key wakes it.
    const resume = () => void context.resume();
    resume();
    window.addEventListener('pointerdown', resume, { once: true });
    window.addEventListener('keydown', resume, { once: true });
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pointerdown', resume);
      window.removeEventListener('keydown', resume);
      source.disconnect();
      void context.close();
    };
  }, [stream]);

  return stream ? level : 0;
}
