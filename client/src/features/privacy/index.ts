export { PrivacySection } from './privacy-section';
