/** Puts text on the clipboard; falls back to a hidden text area where the Clipboard API is absent. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused (an embedded page, an old browser): try the fallback.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand?.('copy') ?? false;
  area.remove();
  if (!copied) throw new Error('The link could not be copied.');
}
