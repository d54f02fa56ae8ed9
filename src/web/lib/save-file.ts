/** How long a saved file's blob: URL lives: long enough for any browser to have started saving. */
const SAVE_URL_LIFETIME_MS = 60_000;

/**
 * Saves bytes the page holds (a file fetched with headers a plain link cannot send, or one made
 * on the page) to the device under `fileName`, through a blob: URL revoked once the browser has it.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, SAVE_URL_LIFETIME_MS);
}
