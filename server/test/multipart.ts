/** A multipart/form-data body of text fields, then files (each as the `files` field), closed by the boundary. */
export function multipartBody(
  boundary: string,
  fields: Record<string, string>,
  files: { name: string; content: Buffer }[] = [],
): Buffer {
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="${file.name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}
