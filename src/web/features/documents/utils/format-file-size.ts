const KB = 1024;
const MB = 1024 * KB;

const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A file's size as people read it: '820 B', '245.3 KB', '2.4 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < KB) return `${bytes} B`;
  if (bytes < MB) return `${oneDecimal.format(bytes / KB)} KB`;
  return `${oneDecimal.format(bytes / MB)} MB`;
}
