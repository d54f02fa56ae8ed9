/** What Chromium sends as Accept-Encoding: the wait times answer with their brotli copy. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
