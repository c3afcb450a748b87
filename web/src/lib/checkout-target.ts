/**
 * Where the client may send a payer to pay (issue 25): the sandbox's own checkout page (a path
 * of this site, only while the sandbox runs), or the provider's checkout over `https:` on the
 * provider's host. Anything else — another host, plain http, a protocol-relative `//host` — is
 * refused: a tampered `authorization_url` must not carry a payer (and their card) elsewhere.
 */
export type CheckoutTarget = { kind: 'page'; path: string } | { kind: 'provider'; url: string };

export function checkoutTarget(
  url: string,
  config: { test_payments: boolean; checkout_host: string | null },
): CheckoutTarget | null {
  if (config.test_payments) {
    return /^\/sandbox\/checkout\/[A-Za-z0-9_%-]+$/.test(url) ? { kind: 'page', path: url } : null;
  }
  if (!config.checkout_host) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.hostname !== config.checkout_host) return null;
  if (parsed.username || parsed.password || parsed.port) return null;
  return { kind: 'provider', url: parsed.href };
}
