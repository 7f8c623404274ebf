/** Copying text for the visitor, including on pages or browsers where the async Clipboard API is refused. */

/** The pre-Clipboard-API way: select a hidden textarea and ask the document to copy it. */
function copyWithSelection(text: string): boolean {
  const textarea = document.createElement("textarea");
  textarea.value = text;
  textarea.setAttribute("readonly", "");
  textarea.style.position = "fixed";
  textarea.style.opacity = "0";
  document.body.append(textarea);
  const previousFocus = document.activeElement;
  textarea.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    textarea.remove();
    if (previousFocus instanceof HTMLElement) previousFocus.focus();
  }
}

/** Copies text to the clipboard; resolves whether it worked. Never rejects. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Insecure origin, denied permission or no Clipboard API: fall back rather than fail the visitor.
    return copyWithSelection(text);
  }
}
