import type { InlineImage } from '@touchline/drivers';
import { formatNaira, type EmailParams } from '@touchline/shared';

/** Rendered e-mail: subject, plain text and HTML (the same words). */
export type TrialEmail = { subject: string; text: string; html: string };

export type TrialTemplate =
  | 'trials.registration_receipt'
  | 'trials.outcome'
  | 'trials.cancelled'
  | 'trials.refund'
  | 'trials.reminder'
  | 'trials.guardian_approval'
  | 'trials.feedback'
  | 'trials.waitlist_promoted';

/** The `cid` of the reference code's QR image in the registration receipt. */
export const REFERENCE_QR_CID = 'reference-qr@touchline';

/**
 * The registration receipt's inline image: the QR code of its reference code (what the academy's
 * check-in page scans, decision 50), shown by `cid:` in the HTML.
 */
export async function referenceQrImage(referenceCode: string): Promise<InlineImage> {
  // Imported with the first receipt, not by every start (decision 68).
  const { default: QRCode } = await import('qrcode');
  const content = await QRCode.toBuffer(referenceCode, {
    type: 'png',
    width: 320,
    margin: 2,
    errorCorrectionLevel: 'M',
  });
  return {
    cid: REFERENCE_QR_CID,
    filename: 'reference-code.png',
    contentType: 'image/png',
    content,
  };
}

/** HTML-escapes text from users (names, trial names, venues, reasons). */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** `Saturday, 12 December 2026` for a calendar date `2026-12-12` (no time zone shift). */
export function formatTrialDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(parsed);
}

/** Money as the product shows it: `₦12,500` (the currency code when it is not NGN). */
export function formatMoney(kobo: number, currency: string): string {
  return currency === 'NGN' ? formatNaira(kobo) : `${currency} ${(kobo / 100).toFixed(2)}`;
}

type Row = [label: string, value: string];

/**
 * One e-mail in both forms from the same parts: a greeting, paragraphs, a table of details
 * (reference code, date, amount…) and the trial's page. Every value is escaped in the HTML.
 */
function compose(input: {
  subject: string;
  title: string;
  name: string;
  paragraphs: string[];
  rows: Row[];
  link: string;
  /** The button's words (default 'View the trial'). */
  action?: string;
  /** An inline image under the details (the reference code's QR, by its `cid`). */
  image?: { cid: string; alt: string };
}): TrialEmail {
  const { subject, title, name, paragraphs, rows, link, image } = input;
  const label = input.action ?? 'View the trial';
  const absolute = /^https?:\/\//.test(link);
  const text = [
    `Hello ${name},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    absolute ? `${label}: ${link}` : 'You can find it on Touchline under your joined trials.',
    '',
    'Touchline',
    '',
  ].join('\n');
  const cell = 'padding:6px 12px 6px 0;border-bottom:1px solid #eef0f2';
  const table = rows.length
    ? `<table style="border-collapse:collapse;margin:8px 0 16px">${rows
        .map(
          ([label, value]) =>
            `<tr><td style="${cell};color:#667">${escapeHtml(label)}</td><td style="${cell};font-weight:bold">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const action = absolute
    ? `<p style="margin:16px 0"><a href="${escapeHtml(link)}" style="background:#0f5132;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p>`
    : '<p style="margin:0 0 12px">You can find it on Touchline under your joined trials.</p>';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;background:#f4f6f8;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;color:#0f5132;margin:0 0 16px">${escapeHtml(title)}</h1>
<p style="margin:0 0 12px">${escapeHtml(`Hello ${name},`)}</p>${paragraphs
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`)
    .join('')}${table}${
    image
      ? `<p style="margin:0 0 16px"><img src="cid:${escapeHtml(image.cid)}" alt="${escapeHtml(image.alt)}" width="160" height="160" style="display:block;border:0"></p>`
      : ''
  }${action}
<p style="color:#667;font-size:12px">Touchline</p></div></body></html>`;
  return { subject, text, html };
}

const when = (p: { trialDate: string; startTime: string }) =>
  `${formatTrialDate(p.trialDate)} at ${p.startTime}`;

/** The trials and payments e-mails (supplement §8), HTML and plain text. */
export function renderTrialEmail<T extends TrialTemplate>(
  template: T,
  params: EmailParams<T>,
): TrialEmail {
  switch (template) {
    case 'trials.registration_receipt': {
      const p = params as EmailParams<'trials.registration_receipt'>;
      const paid = p.amountKobo > 0;
      const rows: Row[] = [
        ['Reference code', p.referenceCode],
        ['Trial', p.trial],
        ['Date', when(p)],
        ['Venue', p.venue],
        ['Amount paid', paid ? formatMoney(p.amountKobo, p.currency) : 'Free'],
      ];
      if (p.paymentReference) rows.push(['Payment reference', p.paymentReference]);
      return compose({
        subject: paid
          ? `Payment received: you are registered for ${p.trial}`
          : `You are registered for ${p.trial}`,
        title: paid ? 'Registration and payment receipt' : 'Registration confirmed',
        name: p.name,
        paragraphs: [
          paid
            ? `We received your payment of ${formatMoney(p.amountKobo, p.currency)} and your registration for ${p.trial} is confirmed.`
            : `Your registration for ${p.trial} is confirmed.`,
          `Show your reference code ${p.referenceCode} at the trial, or its QR code below.`,
        ],
        rows,
        link: p.link,
        image: { cid: REFERENCE_QR_CID, alt: `QR code of your reference code ${p.referenceCode}` },
      });
    }
    case 'trials.outcome': {
      const p = params as EmailParams<'trials.outcome'>;
      const selected = p.outcome === 'selected';
      return compose({
        subject: selected ? `You have been selected at ${p.trial}` : `Your result at ${p.trial}`,
        title: selected ? 'Congratulations, you have been selected' : 'Your trial result',
        name: p.name,
        paragraphs: [
          selected
            ? `You have been selected at ${p.trial}. The academy will be in touch about the next steps.`
            : `You were not selected at ${p.trial}. Thank you for taking part, and keep going: there are more trials on Touchline.`,
        ],
        rows: [
          ['Reference code', p.referenceCode],
          ['Trial', p.trial],
        ],
        link: p.link,
      });
    }
    case 'trials.feedback': {
      const p = params as EmailParams<'trials.feedback'>;
      return compose({
        subject: `Your feedback from ${p.trial}`,
        title: 'Your trial feedback',
        name: p.name,
        paragraphs: [
          `The academy has shared its evaluation of you at ${p.trial}. Scores are from 1 to 5.`,
          ...(p.notes ? [`Notes: ${p.notes}`] : []),
          'This feedback is not the selection decision; the academy tells you that separately.',
        ],
        rows: [
          ...p.scores.map((s): Row => [s.criterion, `${s.score} of 5`]),
          ...p.measurements.map((m): Row => [m.label, m.value]),
        ],
        link: p.link,
        action: 'Read your feedback',
      });
    }
    case 'trials.cancelled': {
      const p = params as EmailParams<'trials.cancelled'>;
      return compose({
        subject: `${p.trial} has been cancelled`,
        title: 'Trial cancelled',
        name: p.name,
        paragraphs: [
          p.byAdmin
            ? `Touchline's administrators have cancelled ${p.trial}.`
            : `The academy has cancelled ${p.trial}.`,
          ...(p.refund
            ? ['Your payment is being refunded in full; we will e-mail you when it has been.']
            : []),
        ],
        rows: [
          ['Reference code', p.referenceCode],
          ['Reason', p.reason],
        ],
        link: p.link,
      });
    }
    case 'trials.refund': {
      const p = params as EmailParams<'trials.refund'>;
      const amount = formatMoney(p.amountKobo, p.currency);
      return compose({
        subject: `Your payment for ${p.trial} has been refunded`,
        title: 'Refund issued',
        name: p.name,
        paragraphs: [
          `Your payment of ${amount} for ${p.trial} has been refunded to the card or account you paid with. Your bank may take a few days to show it.`,
        ],
        rows: [
          ['Reference code', p.referenceCode],
          ['Amount refunded', amount],
          ['Payment reference', p.paymentReference],
        ],
        link: p.link,
      });
    }
    case 'trials.reminder': {
      const p = params as EmailParams<'trials.reminder'>;
      return compose({
        subject: `Reminder: ${p.trial} is tomorrow`,
        title: 'Your trial is tomorrow',
        name: p.name,
        paragraphs: [`Reminder: ${p.trial} is tomorrow. Bring your reference code.`],
        rows: [
          ['Reference code', p.referenceCode],
          ['Date', when(p)],
          ['Venue', p.venue],
        ],
        link: p.link,
      });
    }
    case 'trials.guardian_approval': {
      const p = params as EmailParams<'trials.guardian_approval'>;
      const fee = p.amountKobo > 0 ? formatMoney(p.amountKobo, p.currency) : 'Free';
      return compose({
        subject: `${p.childName} registered for ${p.trial}: your approval is needed`,
        title: 'Your approval is needed',
        name: 'there',
        paragraphs: [
          `${p.childName} registered for ${p.trial} by ${p.academy}. The academy sees the registration only once you approve it${p.amountKobo > 0 ? ' and pay the fee' : ''}.`,
          `The place is held until ${p.expiresAt}; after that it is released.`,
        ],
        rows: [
          ['Trial', p.trial],
          ['Academy', p.academy],
          ['Date', formatTrialDate(p.trialDate)],
          ['Venue', p.venue],
          ['Fee', fee],
        ],
        link: p.link,
        action: 'Approve or decline',
      });
    }
    case 'trials.waitlist_promoted': {
      const p = params as EmailParams<'trials.waitlist_promoted'>;
      const fee = formatMoney(p.amountKobo, p.currency);
      const next =
        p.status === 'registered'
          ? 'You are registered: bring your reference code on the day.'
          : p.status === 'pending_payment'
            ? `Pay the fee of ${fee} by ${p.holdUntil ?? 'the end of your hold'} to keep the place; after that it goes to the next in line.`
            : `Your guardian has been asked to approve it by ${p.holdUntil ?? 'the end of the hold'}.`;
      return compose({
        subject: `A place opened at ${p.trial}`,
        title: 'You are off the waitlist',
        name: p.name,
        paragraphs: [`A place opened at ${p.trial} and it is yours.`, next],
        rows: [
          ['Reference code', p.referenceCode],
          ['Date', when(p)],
          ['Venue', p.venue],
        ],
        link: p.link,
        action: p.status === 'pending_payment' ? 'Pay now' : 'View the trial',
      });
    }
  }
  throw new Error(`unknown trial template ${String(template)}`);
}
