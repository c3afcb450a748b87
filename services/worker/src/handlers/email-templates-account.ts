import { CONSENT_NOTICE, GUARDIAN_MESSAGES, type EmailParams } from '@touchline/shared';
import { escapeHtml } from './email-templates-trials';

export type AccountTemplate = 'account.export_ready';

/** Rendered e-mail: subject, plain text and HTML (the same words). */
export type AccountEmail = { subject: string; text: string; html: string };

/**
 * The 'your data is ready' e-mail (supplement §15), HTML and plain text. It never carries the file
 * or a download link that works on its own: the download needs the owner signed in.
 */
export function renderAccountEmail(
  _template: AccountTemplate,
  params: EmailParams<'account.export_ready'>,
): AccountEmail {
  const { name, expiresOn, link } = params;
  const absolute = /^https?:\/\//.test(link);
  const paragraphs = [
    'The copy of your Touchline data you asked for is ready: one ZIP file with your profile, posts, comments, likes, friends and follows, messages, trial registrations, payments, notifications and the pictures and videos you uploaded.',
    `Download it from 'Your data' in your settings, signed in to your account, until ${expiresOn}. After that it is deleted and you can ask for a new one.`,
  ];
  const text = [
    `Hello ${name},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    absolute ? `Your data: ${link}` : "Sign in to Touchline and open Settings, 'Your data'.",
    '',
    'If you did not ask for this, change your password: someone else may be signed in.',
    '',
    'Touchline',
    '',
  ].join('\n');
  const button = absolute
    ? `<p style="margin:16px 0"><a href="${escapeHtml(link)}" style="background:#0f5132;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">Open your data</a></p>`
    : `<p style="margin:0 0 12px">Sign in to Touchline and open Settings, 'Your data'.</p>`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;background:#f4f6f8;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;color:#0f5132;margin:0 0 16px">Your data is ready</h1>
<p style="margin:0 0 12px">${escapeHtml(`Hello ${name},`)}</p>${paragraphs
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`)
    .join('')}${button}
<p style="color:#667;font-size:12px">If you did not ask for this, change your password: someone else may be signed in.</p>
<p style="color:#667;font-size:12px">Touchline</p></div></body></html>`;
  return { subject: 'Your Touchline data is ready to download', text, html };
}

/**
 * The consent request to a child's guardian (supplement §14): who asks, the notice in short and
 * the single-use link to the consent page, where the guardian reads the whole notice and decides.
 */
export function renderConsentRequestEmail(
  params: EmailParams<'guardian.consent_request'>,
): AccountEmail {
  const { childName, link, expiresOn } = params;
  const paragraphs = [
    `${childName} has signed up to Touchline and gave your e-mail address as their parent or guardian.`,
    CONSENT_NOTICE.paragraphs[0],
    `Until you answer, ${childName}'s account is hidden: nobody can find, see or message them.`,
    `Open the link below to read what we store and who sees it, and to give or decline consent. It works once, until ${expiresOn}.`,
  ];
  const text = [
    'Hello,',
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `Consent page: ${link}`,
    '',
    'If you do not know this child, you can ignore this e-mail: the account stays hidden.',
    '',
    'Touchline',
    '',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;background:#f4f6f8;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;color:#0f5132;margin:0 0 16px">${escapeHtml(CONSENT_NOTICE.title)}</h1>
<p style="margin:0 0 12px">Hello,</p>${paragraphs
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`)
    .join('')}
<p style="margin:16px 0"><a href="${escapeHtml(link)}" style="background:#0f5132;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">Open the consent page</a></p>
<p style="color:#667;font-size:12px">If you do not know this child, you can ignore this e-mail: the account stays hidden.</p>
<p style="color:#667;font-size:12px">Touchline</p></div></body></html>`;
  return { subject: GUARDIAN_MESSAGES.emailSubject(childName), text, html };
}
