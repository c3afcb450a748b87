import { describe, expect, it } from 'vitest';
import { renderEmail } from './email-templates';
import { formatMoney, formatTrialDate } from './email-templates-trials';

const receipt = {
  name: 'Ada "Kid" <Obi>',
  trial: 'Lagos <script>alert(1)</script> Trial',
  referenceCode: 'TL-7KQ2MX',
  trialDate: '2026-06-20',
  startTime: '09:00',
  venue: "St. Mary's & Co",
  amountKobo: 1_250_000,
  currency: 'NGN',
  paymentReference: 'tlp_0123456789abcdef01234567',
  link: 'https://touchline.example.ng/trial_details/1?a=1&b="2"',
};

describe('trial e-mails', () => {
  it('money, dates and the receipt in plain text', () => {
    expect(formatMoney(1_250_000, 'NGN')).toBe('₦12,500');
    expect(formatMoney(1_250_050, 'NGN')).toBe('₦12,500.50');
    expect(formatTrialDate('2026-06-20')).toBe('Saturday, 20 June 2026');
    const mail = renderEmail('trials.registration_receipt', receipt);
    expect(mail.subject).toBe(
      'Payment received: you are registered for Lagos <script>alert(1)</script> Trial',
    );
    expect(mail.text).toContain('Hello Ada "Kid" <Obi>,');
    expect(mail.text).toContain('Reference code: TL-7KQ2MX');
    expect(mail.text).toContain('Amount paid: ₦12,500');
    expect(mail.text).toContain('Date: Saturday, 20 June 2026 at 09:00');
    expect(mail.text).not.toContain('<p');
  });

  it('escapes everything users wrote in the HTML, attributes included', () => {
    const { html } = renderEmail('trials.registration_receipt', receipt);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<Obi>');
    expect(html).toContain('Lagos &lt;script&gt;alert(1)&lt;/script&gt; Trial');
    expect(html).toContain('Ada &quot;Kid&quot; &lt;Obi&gt;');
    expect(html).toContain('St. Mary&#39;s &amp; Co');
    expect(html).toContain(
      'href="https://touchline.example.ng/trial_details/1?a=1&amp;b=&quot;2&quot;"',
    );
    expect(html).toContain('₦12,500');
  });

  it('no link without the public address; every template renders both forms', () => {
    const common = { name: 'Ada', trial: 'Ikeja Trial', referenceCode: 'TL-ABCDEF', link: '/x' };
    const mails = [
      renderEmail('trials.registration_receipt', {
        ...receipt,
        ...common,
        amountKobo: 0,
        paymentReference: null,
      }),
      renderEmail('trials.outcome', { ...common, outcome: 'selected' }),
      renderEmail('trials.outcome', { ...common, outcome: 'rejected' }),
      renderEmail('trials.cancelled', { ...common, reason: 'Rain', refund: true }),
      renderEmail('trials.refund', {
        ...common,
        amountKobo: 500_000,
        currency: 'NGN',
        paymentReference: 'tlp_1',
      }),
      renderEmail('trials.reminder', {
        ...common,
        trialDate: '2026-06-20',
        startTime: '09:00',
        venue: 'Stadium',
      }),
    ];
    expect(mails.map((m) => m.subject)).toEqual([
      'You are registered for Ikeja Trial',
      'You have been selected at Ikeja Trial',
      'Your result at Ikeja Trial',
      'Ikeja Trial has been cancelled',
      'Your payment for Ikeja Trial has been refunded',
      'Reminder: Ikeja Trial is tomorrow',
    ]);
    for (const mail of mails) {
      expect(mail.text).toContain('Reference code: TL-ABCDEF');
      expect(mail.html).toContain('TL-ABCDEF');
      expect(mail.html).not.toContain('href=');
    }
    expect(mails[3]!.text).toContain('Your payment is being refunded in full');
    expect(mails[4]!.text).toContain('Amount refunded: ₦5,000');
  });

  it('a waitlist promotion says what happens next: registered, pay by the hold, or the guardian', () => {
    const base = {
      name: 'Ada',
      trial: 'Ikeja Trial',
      referenceCode: 'TL-ABCDEF',
      trialDate: '2026-06-20',
      startTime: '09:00',
      venue: 'Stadium',
      amountKobo: 500_000,
      currency: 'NGN',
      link: 'https://touchline.example.ng/trial_details/1',
    };
    const free = renderEmail('trials.waitlist_promoted', {
      ...base,
      amountKobo: 0,
      status: 'registered',
      holdUntil: null,
    });
    expect(free.subject).toBe('A place opened at Ikeja Trial');
    expect(free.text).toContain('You are registered');
    expect(free.text).toContain('Reference code: TL-ABCDEF');
    const paid = renderEmail('trials.waitlist_promoted', {
      ...base,
      status: 'pending_payment',
      holdUntil: 'Sat 20 Jun, 10:30',
    });
    expect(paid.text).toContain('Pay the fee of ₦5,000 by Sat 20 Jun, 10:30');
    expect(paid.html).toContain('Pay now');
    const minor = renderEmail('trials.waitlist_promoted', {
      ...base,
      status: 'awaiting_guardian',
      holdUntil: 'Mon 22 Jun, 10:30',
    });
    expect(minor.text).toContain('Your guardian has been asked to approve it');
  });
});
