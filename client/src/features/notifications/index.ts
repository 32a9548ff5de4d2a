export { MailPreferencesForm } from './mail-preferences';
export { default as NotificationBell } from './notification-bell';
