/** A multipart body holding one file that passes the upload's content check. */
export interface UploadForm {
  body: Buffer;
  contentType: string;
}

/** A `bytes`-long file that the content check takes for a PDF: a PDF header, then filler. */
export async function pdfForm(bytes: number, name = 'statement.pdf'): Promise<UploadForm> {
  const file = new Uint8Array(bytes).fill(0x20);
  file.set(new TextEncoder().encode('%PDF-1.7\n'));
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'application/pdf' }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}
