export { NotificationCentre } from './components/notification-centre';
export { useNotificationLiveSync } from './hooks/use-notification-live-sync';
