export { CertificateView, MissingCertificate } from './certificate-view';
