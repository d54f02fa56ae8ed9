/**
 * Reads the answer out of an error thrown by apiRequest, whose message is
 * `${status}: ${body text or status text}` (spec section 7). The API's error bodies are
 * `{ "message": string }`; `message` is null when the body is something else. Answers null for
 * an error that did not come from a response (the network, a bug).
 */
export function readApiError(error: unknown): { status: number; message: string | null } | null {
  if (!(error instanceof Error)) return null;
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message);
  if (!match) return null;
  return { status: Number(match[1]), message: messageOf(match[2] ?? '') };
}

function messageOf(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed) {
      const { message } = parsed;
      if (typeof message === 'string' && message.trim() !== '') return message;
    }
  } catch {
    // A status text or an HTML error page from a proxy: no message to show.
  }
  return null;
}
