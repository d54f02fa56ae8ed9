export interface FilePart {
  bytes: Buffer;
  /** The form field: `file` unless said. */
  field?: string;
  name?: string;
  type?: string;
}

/** A multipart body as a browser's FormData sends it, the fields first, in the given order. */
export async function multipartBody(fields: Record<string, string>, file?: FilePart) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) {
    const blob = new Blob([new Uint8Array(file.bytes)], {
      type: file.type ?? 'application/octet-stream',
    });
    form.append(file.field ?? 'file', blob, file.name ?? 'upload.bin');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}
