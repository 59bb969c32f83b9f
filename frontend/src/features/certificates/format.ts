/** Certificate display: dates as printed on a certificate, the verification address. */
import { paths } from '../../shared/paths';

/** "24 November 2026": unambiguous on paper in every English-speaking country. */
export const certificateDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Nairobi' });

/** The address a certificate's QR code and printed link point to. */
export const verificationUrl = (origin: string, code: string) => `${origin}${paths.certificate(code)}`;
