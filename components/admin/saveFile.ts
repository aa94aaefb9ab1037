/**
 * Hands a file the API answered (an export, which is a POST, so never a link the browser follows)
 * to the browser to save, under the name the server gave it.
 */
export function saveFile({ body, filename, type }: { body: BlobPart[]; filename: string; type: string }) {
  const url = URL.createObjectURL(new Blob(body, { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  // Freed once the browser has surely taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
