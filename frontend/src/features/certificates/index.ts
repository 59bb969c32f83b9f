/** What other features may use of certificates: the course page's link, the admin's list and revoke. */
export { CertificateLink } from './CertificateLink';
export { adminCertificatesQuery, myCertificatesQuery, useRevokeCertificate } from './api';
export { certificateKeys } from './keys';
export { certificateDate } from './format';
