export { CertificateAction } from './certificate-action';
export { CertificateView, MissingCertificate } from './certificate-view';
