export { NotificationSettingsPage } from './NotificationSettingsPage';
