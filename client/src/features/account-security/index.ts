export { EmailVerificationBanner } from './email-banner';
export { AccountEmailSection } from './email-section';
export { SessionsSection } from './sessions-section';
export { VerifyEmail } from './verify-email';
export { PrivacyContacts } from './privacy-contacts';
