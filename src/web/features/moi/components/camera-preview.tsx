import { VideoOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from '../../../lib/cn.js';

/**
 * The camera's live picture, mirrored as a mirror would show it, muted so the student does not
 * hear themselves. Without a stream (the camera is opening) a placeholder keeps the same space.
 */
export function CameraPreview({
  stream,
  recording = false,
}: {
  stream: MediaStream | null;
  recording?: boolean;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = stream;
  }, [stream]);

  return (
    <div
      className={cn(
        'relative aspect-[4/3] w-full overflow-hidden rounded-xl bg-slate-900',
        recording && 'ring-4 ring-red-600',
      )}
    >
      {stream ? (
        <video
          ref={videoRef}
          aria-label="Camera preview"
          autoPlay
          muted
          playsInline
          className="size-full -scale-x-100 object-cover"
        />
      ) : (
        <div className="flex size-full flex-col items-center justify-center gap-2 text-slate-300">
          <VideoOff className="size-8" aria-hidden="true" />
          <span className="text-sm">Camera is off</span>
        </div>
      )}
      {recording ? (
        <span className="absolute top-3 left-3 inline-flex items-center gap-1.5 rounded-full bg-red-700 px-2.5 py-1 text-xs font-semibold text-white">
          <span className="size-2 animate-pulse rounded-full bg-white motion-reduce:animate-none" />
          Recording
        </span>
      ) : null}
    </div>
  );
}
