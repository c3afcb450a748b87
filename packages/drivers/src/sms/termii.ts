import { SmsRefusedError, type SmsProvider } from './types';

export type TermiiOptions = {
  apiKey: string;
  senderId: string;
  /** https://v3.api.termii.com by default; tests point it at a loopback fake. */
  baseUrl?: string;
  timeoutMs?: number;
};

/**
 * Termii's REST send (`POST /api/sms/send`, JSON with `api_key`, `to` in international digits,
 * `from` the approved sender id, `type: plain`, `channel: generic`). A 4xx answer is a refusal
 * (not retried); a 5xx, a timeout or no answer is retried by the job.
 */
export function createTermiiSms(options: TermiiOptions): SmsProvider & { kind: 'termii' } {
  const base = (options.baseUrl ?? 'https://v3.api.termii.com').replace(/\/+$/, '');
  return {
    kind: 'termii',
    async send(message) {
      const res = await fetch(`${base}/api/sms/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          api_key: options.apiKey,
          to: message.to.replace(/^\+/, ''),
          from: options.senderId,
          sms: message.text,
          type: 'plain',
          channel: 'generic',
        }),
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      const body = (await res.json().catch(() => ({}))) as {
        message_id?: unknown;
        message?: unknown;
      };
      if (res.status >= 400 && res.status < 500) {
        throw new SmsRefusedError(
          `termii refused the SMS (${res.status}): ${String(body.message ?? '')}`,
        );
      }
      if (!res.ok || typeof body.message_id !== 'string') {
        throw new Error(`termii answered ${res.status}`);
      }
      return { messageId: body.message_id };
    },
  };
}
