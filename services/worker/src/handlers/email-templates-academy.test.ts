import { describe, expect, it } from 'vitest';
import { renderEmail } from './email-templates';

describe('academy review e-mails', () => {
  it('verified: the subject, the next step and an absolute link as a button', () => {
    const mail = renderEmail('academy.verified', {
      name: 'Lagos <FC>',
      link: 'https://touchline.example.ng/academy/add_trial',
    });
    expect(mail.subject).toBe('Your academy has been verified on Touchline');
    expect(mail.text).toContain('Hello Lagos <FC>,');
    expect(mail.text).toContain('You can now publish trials');
    expect(mail.text).toContain('Add a trial: https://touchline.example.ng/academy/add_trial');
    expect(mail.html).toContain('Hello Lagos &lt;FC&gt;,');
    expect(mail.html).toContain('href="https://touchline.example.ng/academy/add_trial"');
  });

  it('declined: the reason in both forms, escaped in HTML; a relative link is not a button', () => {
    const mail = renderEmail('academy.declined', {
      name: 'Ikeja Stars',
      reason: 'Licence <expired> & unreadable',
      link: '/academy/profile',
    });
    expect(mail.subject).toBe('Your academy verification was declined');
    expect(mail.text).toContain('Reason: Licence <expired> & unreadable');
    expect(mail.text).toContain('Sign in to Touchline to continue.');
    expect(mail.html).toContain('Licence &lt;expired&gt; &amp; unreadable');
    expect(mail.html).not.toContain('<expired>');
    expect(mail.html).not.toContain('href=');
  });

  it('a trial cancelled by the administrators says so', () => {
    const common = { name: 'Ada', trial: 'Ikeja Trial', referenceCode: 'TL-1', link: '/t/1' };
    const byAdmin = renderEmail('trials.cancelled', {
      ...common,
      reason: 'Unsafe pitch',
      refund: false,
      byAdmin: true,
    });
    expect(byAdmin.text).toContain("Touchline's administrators have cancelled Ikeja Trial.");
    const byAcademy = renderEmail('trials.cancelled', { ...common, reason: 'Rain', refund: false });
    expect(byAcademy.text).toContain('The academy has cancelled Ikeja Trial.');
  });
});
