import { GUARDIAN_NOTICES, type EmailParams } from '@touchline/shared';
import { escapeHtml } from './email-templates-trials';

export type GuardianTemplate = 'guardian.contact' | 'guardian.link_ended';

type Rendered = { subject: string; text: string; html: string };

function render(
  title: string,
  subject: string,
  paragraphs: string[],
  link: string,
  button: string,
) {
  const absolute = /^https?:\/\//.test(link);
  const text = [
    'Hello,',
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    absolute ? `${button}: ${link}` : 'Sign in to Touchline to see it.',
    '',
    'Touchline',
    '',
  ].join('\n');
  const action = absolute
    ? `<p style="margin:16px 0"><a href="${escapeHtml(link)}" style="background:#0f5132;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(button)}</a></p>`
    : '<p style="margin:0 0 12px">Sign in to Touchline to see it.</p>';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;background:#f4f6f8;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;color:#0f5132;margin:0 0 16px">${escapeHtml(title)}</h1>
<p style="margin:0 0 12px">Hello,</p>${paragraphs
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`)
    .join('')}${action}
<p style="color:#667;font-size:12px">Touchline</p></div></body></html>`;
  return { subject, text, html };
}

/** The guardians' e-mails (supplement §14, decision 43): contact in the open, the link's end at 18. */
export function renderGuardianEmail<T extends GuardianTemplate>(
  template: T,
  params: EmailParams<T>,
): Rendered {
  if (template === 'guardian.contact') {
    const p = params as EmailParams<'guardian.contact'>;
    return render(
      'A new conversation with your child',
      GUARDIAN_NOTICES.contactSubject(p.academyName, p.childName),
      [
        GUARDIAN_NOTICES.contact(p.academyName, p.childName),
        'Touchline shows every message between an academy and a child to the child’s guardians. You can also choose who may message your child there.',
      ],
      p.link,
      'Open your guardian page',
    );
  }
  const p = params as EmailParams<'guardian.link_ended'>;
  return render(
    'The guardian link has ended',
    GUARDIAN_NOTICES.linkEndedSubject(p.childName),
    p.toChild
      ? [GUARDIAN_NOTICES.linkEndedChild, 'Your account is now yours alone to manage.']
      : [GUARDIAN_NOTICES.linkEndedGuardian(p.childName)],
    p.link,
    'Open Touchline',
  );
}
