/** Saving a file the app made (CSV, XML, a backup) and reading one the user picked. */

/** Downloads `content` (text, or bytes in the encoding the file needs) as a file named `name` (the browser's own save, no server round trip). */
export function downloadFile(name: string, content: string | Uint8Array<ArrayBuffer>, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from a title: letters, digits, spaces and dashes kept (accents too), the rest dropped. */
export function fileName(title: string, extension: string): string {
  const base = title.normalize('NFC').replace(/[^\p{L}\p{N} _-]+/gu, '').trim().replace(/\s+/g, '-').slice(0, 80) || 'piste';
  return `${base}.${extension}`;
}

export const CSV_TYPE = 'text/csv;charset=utf-8';
