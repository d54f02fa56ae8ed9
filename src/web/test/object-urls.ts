/**
 * The blob: URLs a page makes, faked: jsdom has no URL.createObjectURL. Each URL is
 * `blob:http://localhost/<prefix>-<n>`; the blobs, the URLs made and those let go are kept for
 * the test to look at.
 */
export function stubObjectUrls(prefix: string) {
  let next = 1;
  const blobs: Blob[] = [];
  const created: string[] = [];
  const revoked: string[] = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      const url = `blob:http://localhost/${prefix}-${next++}`;
      blobs.push(blob);
      created.push(url);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', {
    configurable: true,
    value: (url: string) => {
      revoked.push(url);
    },
  });
  return { blobs, created, revoked, live: () => created.filter((url) => !revoked.includes(url)) };
}
