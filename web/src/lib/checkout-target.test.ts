import { describe, expect, it } from 'vitest';
import { checkoutTarget } from './checkout-target';

const paystack = { test_payments: false, checkout_host: 'checkout.paystack.com' };
const sandbox = { test_payments: true, checkout_host: null };

describe('checkoutTarget (where a payer may be sent to pay)', () => {
  it("follows the provider's https checkout on its own host", () => {
    expect(checkoutTarget('https://checkout.paystack.com/ac_123', paystack)).toEqual({
      kind: 'provider',
      url: 'https://checkout.paystack.com/ac_123',
    });
  });

  it('refuses plain http, another host, a look-alike host and credentials in the URL', () => {
    for (const url of [
      'http://checkout.paystack.com/ac_123',
      'https://evil.example/ac_123',
      'https://checkout.paystack.com.evil.example/ac_123',
      'https://checkout.paystack.com@evil.example/ac_123',
      'https://user@checkout.paystack.com/ac_123',
      'javascript:alert(1)',
      '/sandbox/checkout/tlp_1',
      'not a url',
    ])
      expect(checkoutTarget(url, paystack), url).toBeNull();
  });

  it("follows the sandbox's own checkout page only while the sandbox runs", () => {
    expect(checkoutTarget('/sandbox/checkout/tlp_0123abcd', sandbox)).toEqual({
      kind: 'page',
      path: '/sandbox/checkout/tlp_0123abcd',
    });
    for (const url of [
      '//evil.example/sandbox/checkout/tlp_1',
      '/\\evil.example',
      'https://checkout.paystack.com/ac_123',
      '/sandbox/checkout/tlp_1/../../admin',
    ])
      expect(checkoutTarget(url, sandbox), url).toBeNull();
  });
});
