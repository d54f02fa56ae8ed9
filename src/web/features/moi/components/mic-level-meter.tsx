import { Mic } from 'lucide-react';
import { useId } from 'react';
import { Meter } from '../../../components/ui/meter.js';
import { useMicLevel } from '../hooks/use-mic-level.js';

/** Words for the level, so a screen reader user can test the microphone too. */
function describeLevel(level: number): string {
  if (level < 0.05) return 'Silent';
  if (level < 0.35) return 'Quiet';
  return 'Good';
}

/** The live microphone level of spec section 2's setup, updated every 100 ms. */
export function MicLevelMeter({ stream }: { stream: MediaStream | null }) {
  const labelId = useId();
  const hintId = useId();
  const level = useMicLevel(stream);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <Mic className="size-4 text-muted-foreground" aria-hidden="true" />
        <span id={labelId} className="text-sm font-semibold">
          Microphone level
        </span>
      </div>
      <Meter
        value={level}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        aria-valuetext={describeLevel(level)}
      />
      <p id={hintId} className="text-sm text-muted-foreground">
        Say a few words: the bar should move as you speak.
      </p>
    </div>
  );
}
