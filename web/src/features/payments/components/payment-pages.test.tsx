import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentView } from '@touchline/shared';
import { PAYMENT_MESSAGES, PAYMENTS_ERRORS } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { reply, serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';

const REF = 'tlp_0123456789abcdef01234567';

function payment(overrides: Partial<PaymentView> = {}): PaymentView {
  return {
    reference: REF,
    status: 'pending',
    amount: 1_250_000,
    currency: 'NGN',
    provider: 'sandbox',
    created_at: '2026-11-25T10:00:00.000Z',
    paid_at: null,
    refunded_at: null,
    trial: { id: 'trial-1', name: 'Ikeja Open Trial' },
    registration: { id: 'reg-1', reference_code: 'TL-ABC234', status: 'pending_payment' },
    ...overrides,
  };
}

describe('payment outcome pages', () => {
  it('shows a pending state, asks again, then the confirmed payment', async () => {
    let asked = 0;
    serveApi({
      [`GET /api/payment/${REF}`]: () => {
        asked += 1;
        return asked < 2
          ? payment()
          : payment({
              status: 'succeeded',
              paid_at: '2026-11-25T10:01:00.000Z',
              registration: { id: 'reg-1', reference_code: 'TL-ABC234', status: 'registered' },
            });
      },
    });
    signInAs('player', 'me');
    renderApp(`/payment_success?reference=${REF}`);

    expect(await screen.findByRole('heading', { name: PAYMENT_MESSAGES.pending })).toBeVisible();
    expect(await screen.findByRole('heading', { name: PAYMENT_MESSAGES.succeeded })).toBeVisible();
    expect(screen.getByText('₦12,500')).toBeVisible();
    expect(screen.getByText('TL-ABC234')).toBeVisible();
    expect(screen.getByRole('link', { name: 'View trial' })).toHaveAttribute(
      'href',
      '/trial_details/trial-1',
    );
    expect(screen.getByRole('link', { name: 'View Joined Trials' })).toHaveAttribute(
      'href',
      '/trial_history',
    );
  });

  it('believes the server, not the address: /payment_success of a failed payment says failed', async () => {
    serveApi({ [`GET /api/payment/${REF}`]: () => payment({ status: 'failed' }) });
    signInAs('player', 'me');
    renderApp(`/payment_success?reference=${REF}`);
    expect(await screen.findByRole('heading', { name: PAYMENT_MESSAGES.failed })).toBeVisible();
    expect(screen.queryByText(PAYMENT_MESSAGES.succeeded)).toBeNull();
  });

  it('shows a failed payment on /payment_failed and an unknown reference as not found', async () => {
    serveApi({
      [`GET /api/payment/${REF}`]: () => payment({ status: 'failed' }),
      'GET /api/payment/tlp_ffffffffffffffffffffffff': reply(404, {
        message: PAYMENT_MESSAGES.notFound,
        code: PAYMENTS_ERRORS.notFound,
      }),
    });
    signInAs('player', 'me');
    const view = renderApp(`/payment_failed?reference=${REF}`);
    expect(await screen.findByRole('heading', { name: PAYMENT_MESSAGES.failed })).toBeVisible();
    view.unmount();
    renderApp('/payment_failed?reference=tlp_ffffffffffffffffffffffff');
    expect(await screen.findByRole('heading', { name: PAYMENT_MESSAGES.notFound })).toBeVisible();
  });
});

describe('/sandbox/checkout/{reference}', () => {
  it('pays: posts the outcome and follows the answered redirect', async () => {
    const fetch = serveApi({
      [`GET /api/payment/${REF}`]: () => payment(),
      [`POST /api/payments/sandbox/${REF}`]: ({ body }) => ({
        redirect: `/payment_${(body as { outcome: string }).outcome === 'success' ? 'success' : 'failed'}?reference=${REF}`,
      }),
    });
    signInAs('player', 'me');
    const { history } = renderApp(`/sandbox/checkout/${REF}`);

    expect(await screen.findByTestId('checkout-amount')).toHaveTextContent('₦12,500');
    expect(screen.getByText('Ikeja Open Trial')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₦12,500' }));
    await waitFor(() => expect(history.at(-1)).toBe(`/payment_success?reference=${REF}`));
    expect(fetch.callsTo(`POST /api/payments/sandbox/${REF}`)[0]!.body).toEqual({
      outcome: 'success',
    });
  });

  it('fails the payment on request', async () => {
    const fetch = serveApi({
      [`GET /api/payment/${REF}`]: () => payment(),
      [`POST /api/payments/sandbox/${REF}`]: () => ({
        redirect: `/payment_failed?reference=${REF}`,
      }),
    });
    signInAs('player', 'me');
    const { history } = renderApp(`/sandbox/checkout/${REF}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Fail payment' }));
    await waitFor(() => expect(history.at(-1)).toBe(`/payment_failed?reference=${REF}`));
    expect(fetch.callsTo(`POST /api/payments/sandbox/${REF}`)[0]!.body).toEqual({
      outcome: 'failed',
    });
  });

  it('sends a signed-out visitor to the login', async () => {
    serveApi({});
    const { history } = renderApp(`/sandbox/checkout/${REF}`);
    await waitFor(() => expect(history.at(-1)).toBe('/'));
  });
});
