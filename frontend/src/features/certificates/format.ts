/** Certificate display: dates as printed on a certificate, the verification address. */
import { paths } from '../../shared/paths';
import { dateFormat } from '../../shared/when';

/** "24 November 2026" / "24 Novemba 2026" in the active language: unambiguous on paper. */
export const certificateDate = (iso: string) =>
  dateFormat({ day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Nairobi' }).format(new Date(iso));

/** The address a certificate's QR code and printed link point to. */
export const verificationUrl = (origin: string, code: string) => `${origin}${paths.certificate(code)}`;
