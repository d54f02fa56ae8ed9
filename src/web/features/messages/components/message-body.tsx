import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { previewMessage } from '../utils/message-preview.js';

/** A message's preview, which opens to the whole text (its line breaks kept) and closes again. */
export function MessageBody({ content }: { content: string }) {
  const [expanded, setExpanded] = useState(false);
  const bodyId = useId();
  const preview = previewMessage(content);

  return (
    <div className="flex flex-col items-start gap-1">
      <p
        id={bodyId}
        className="text-sm leading-relaxed wrap-anywhere whitespace-pre-line text-foreground"
      >
        {expanded ? content.trim() : preview.text}
      </p>
      {preview.isWhole ? null : (
        <Button
          type="button"
          variant="link"
          size="inline"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => {
            setExpanded((open) => !open);
          }}
        >
          {expanded ? 'Show less' : 'Show full message'}
        </Button>
      )}
    </div>
  );
}
