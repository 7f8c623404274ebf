/** Saving a file to the visitor's device: local only, no network call. */

/** Starts a download of the blob under the given file name. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; one task later the navigation has begun.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

// The name is the server's too (the permalink page's Download): it lives with what a shared drawing is called.
export { downloadFileName } from "../../common/share-text.ts";
