import type { EmailParams } from '@touchline/shared';
import { escapeHtml } from './email-templates-trials';

export type AcademyTemplate = 'academy.verified' | 'academy.declined';

/** Rendered e-mail: subject, plain text and HTML (the same words). */
export type AcademyEmail = { subject: string; text: string; html: string };

function compose(input: {
  subject: string;
  title: string;
  name: string;
  paragraphs: string[];
  reason?: string;
  link: string;
  action: string;
}): AcademyEmail {
  const { subject, title, name, paragraphs, reason, link, action } = input;
  const absolute = /^https?:\/\//.test(link);
  const text = [
    `Hello ${name},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(reason !== undefined ? [`Reason: ${reason}`, ''] : []),
    absolute ? `${action}: ${link}` : 'Sign in to Touchline to continue.',
    '',
    'Touchline',
    '',
  ].join('\n');
  const reasonHtml =
    reason !== undefined
      ? `<p style="margin:0 0 12px;padding:12px;background:#f4f6f8;border-radius:8px"><strong>Reason:</strong> ${escapeHtml(reason)}</p>`
      : '';
  const button = absolute
    ? `<p style="margin:16px 0"><a href="${escapeHtml(link)}" style="background:#0f5132;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(action)}</a></p>`
    : '<p style="margin:0 0 12px">Sign in to Touchline to continue.</p>';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;background:#f4f6f8;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;color:#0f5132;margin:0 0 16px">${escapeHtml(title)}</h1>
<p style="margin:0 0 12px">${escapeHtml(`Hello ${name},`)}</p>${paragraphs
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`)
    .join('')}${reasonHtml}${button}
<p style="color:#667;font-size:12px">Touchline</p></div></body></html>`;
  return { subject, text, html };
}

/** The academy verification e-mails (supplement §8, §10), HTML and plain text. */
export function renderAcademyEmail<T extends AcademyTemplate>(
  template: T,
  params: EmailParams<T>,
): AcademyEmail {
  if (template === 'academy.verified') {
    const p = params as EmailParams<'academy.verified'>;
    return compose({
      subject: 'Your academy has been verified on Touchline',
      title: 'Academy verified',
      name: p.name,
      paragraphs: [
        'Good news: an administrator has verified your academy.',
        'You can now publish trials, and players can find your academy and its trials.',
      ],
      link: p.link,
      action: 'Add a trial',
    });
  }
  const p = params as EmailParams<'academy.declined'>;
  return compose({
    subject: 'Your academy verification was declined',
    title: 'Verification declined',
    name: p.name,
    paragraphs: [
      'An administrator has reviewed your academy and declined its verification for now, for the reason below.',
      'Until it is verified you cannot publish trials. Update your profile and licence to address the reason; an administrator can then verify your academy.',
    ],
    reason: p.reason,
    link: p.link,
    action: 'Open your profile',
  });
}
