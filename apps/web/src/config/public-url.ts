let serverPublicUrl = '';

/** The public URL where there is no page to read it from: the server's rendering (src/server-render/). */
export function setServerPublicUrl(url: string): void {
  serverPublicUrl = url;
}

/**
 * The deployment's public URL, which the server writes into the page (DECISIONS: invite links
 * use it, not a fixed host, nor whatever address this page was opened at). The development
 * server leaves the placeholder: then the page's own origin is the best guess.
 */
export function publicUrl(
  document: Pick<Document, 'querySelector'> | undefined = globalThis.document,
): string {
  if (!document) return serverPublicUrl;
  const written = document.querySelector<HTMLMetaElement>('meta[name="hit21-public-url"]')?.content ?? '';
  return /^https?:\/\//.test(written) ? written : window.location.origin;
}
