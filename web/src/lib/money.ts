import { formatNaira } from '@touchline/shared';

/**
 * Money is integer kobo with a currency (supplement §0); every screen shows it with the shared
 * contract's `formatNaira` (the one the e-mails use too): `formatNaira(1_250_000)` → '₦12,500',
 * kobo only when there are some ('₦12,500.50').
 */
export { formatNaira };

/** A fee: 'Free' for 0, else `formatNaira`. */
export const formatFee = (kobo: number): string => (kobo === 0 ? 'Free' : formatNaira(kobo));
