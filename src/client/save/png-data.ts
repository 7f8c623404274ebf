/** The PNG as the spec's save callback wants it: a data URL read from the very Blob that was downloaded. */

/** Reads a Blob as a data URL, so the callback gets exactly the bytes that were downloaded. */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("Could not read the image"));
    reader.readAsDataURL(blob);
  });
}
