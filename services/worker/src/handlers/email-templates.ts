import { LIMITS, type EmailParams, type EmailTemplate } from '@touchline/shared';
import type { InlineImage } from '@touchline/drivers';
import { renderAccountEmail, renderConsentRequestEmail } from './email-templates-account';
import { renderAcademyEmail } from './email-templates-academy';
import { renderGuardianEmail } from './email-templates-guardian';
import { referenceQrImage, renderTrialEmail } from './email-templates-trials';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(title: string, paragraphs: string[], code: string) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px">${escape(p)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;background:#f4f6f8;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;color:#0f5132;margin:0 0 16px">${escape(title)}</h1>${body}
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:16px 0">${escape(code)}</p>
<p style="color:#667;font-size:12px">If you did not ask for this, you can ignore this e-mail.</p>
<p style="color:#667;font-size:12px">Touchline</p></div></body></html>`;
}

/** Templates with a renderer of their own (the rest are the trials' e-mails). */
type OwnTemplateKey =
  | 'academy.verified'
  | 'academy.declined'
  | 'account.export_ready'
  | 'guardian.consent_request'
  | 'guardian.contact'
  | 'guardian.link_ended';

const minutes = LIMITS.otpTtlSeconds / 60;

export type RenderedEmail = { subject: string; text: string; html: string };

/** The inline images an e-mail shows by `cid:` (the registration receipt's QR code). */
export async function emailImages<T extends EmailTemplate>(
  template: T,
  params: EmailParams<T>,
): Promise<InlineImage[]> {
  if (template !== 'trials.registration_receipt') return [];
  const { referenceCode } = params as EmailParams<'trials.registration_receipt'>;
  return [await referenceQrImage(referenceCode)];
}

/**
 * Renders an e-mail from its template and parameters, at send time only: the rendered text (a
 * code in it) is handed to the mail driver and never stored.
 */
export function renderEmail<T extends EmailTemplate>(
  template: T,
  params: EmailParams<T>,
): RenderedEmail {
  switch (template) {
    case 'auth.verify_code':
    case 'auth.reset_code': {
      const p = params as EmailParams<'auth.verify_code'>;
      return codeEmail(template === 'auth.verify_code' ? 'verify' : 'reset', p.name, p.code);
    }
    case 'academy.verified':
    case 'academy.declined':
      return renderAcademyEmail(
        template as 'academy.verified' | 'academy.declined',
        params as EmailParams<'academy.verified' | 'academy.declined'>,
      );
    case 'account.export_ready':
      return renderAccountEmail(
        'account.export_ready',
        params as EmailParams<'account.export_ready'>,
      );
    case 'guardian.consent_request':
      return renderConsentRequestEmail(params as EmailParams<'guardian.consent_request'>);
    case 'guardian.contact':
    case 'guardian.link_ended':
      return renderGuardianEmail(
        template as 'guardian.contact' | 'guardian.link_ended',
        params as EmailParams<'guardian.contact' | 'guardian.link_ended'>,
      );
    default:
      return renderTrialEmail(
        template as Exclude<EmailTemplate, 'auth.verify_code' | 'auth.reset_code' | OwnTemplateKey>,
        params as EmailParams<
          Exclude<EmailTemplate, 'auth.verify_code' | 'auth.reset_code' | OwnTemplateKey>
        >,
      );
  }
}

/** The verification and reset code e-mails (HTML and plain text). */
function codeEmail(purpose: 'verify' | 'reset', name: string, code: string): RenderedEmail {
  if (purpose === 'verify') {
    const lines = [
      `Hello ${name},`,
      `Your Touchline verification code is ${code}.`,
      `It expires in ${minutes} minutes.`,
    ];
    return {
      subject: `Your Touchline verification code: ${code}`,
      text: `${lines.join('\n')}\n\nIf you did not sign up, ignore this e-mail.\n`,
      html: layout(
        'Verify your e-mail',
        [lines[0]!, 'Enter this code to verify your e-mail:', lines[2]!],
        code,
      ),
    };
  }
  const lines = [
    `Hello ${name},`,
    `Your Touchline password reset code is ${code}.`,
    `It expires in ${minutes} minutes.`,
  ];
  return {
    subject: `Your Touchline password reset code: ${code}`,
    text: `${lines.join('\n')}\n\nIf you did not ask to reset your password, ignore this e-mail.\n`,
    html: layout(
      'Reset your password',
      [lines[0]!, 'Enter this code to choose a new password:', lines[2]!],
      code,
    ),
  };
}
