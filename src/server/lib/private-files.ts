/**
 * Everything the portal writes (the embedded database with its WAL, stored documents and
 * recordings, generated secrets, exports) is personal data or a key to it: no other account on
 * the machine may read it. Open-with-mode covers only the files our own code creates; the
 * embedded database creates a thousand of its own with mode 0666. A umask of 077 makes every
 * file and folder this process creates owner-only, whoever creates it. Each entry point (the
 * server, the admin command line) calls this first.
 */
export function createFilesPrivately(): void {
  process.umask(0o077);
}
