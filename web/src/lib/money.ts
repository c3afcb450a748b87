/**
 * Money is integer kobo with a currency (supplement §0); every screen shows it with this helper:
 * `formatNaira(1_250_000)` → '₦12,500', kobo only when there are some ('₦12,500.50').
 */
export function formatNaira(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(Math.round(kobo));
  const naira = Math.floor(abs / 100);
  const rest = abs % 100;
  const whole = naira.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}₦${whole}${rest ? `.${rest.toString().padStart(2, '0')}` : ''}`;
}

/** A fee: 'Free' for 0, else `formatNaira`. */
export const formatFee = (kobo: number): string => (kobo === 0 ? 'Free' : formatNaira(kobo));
