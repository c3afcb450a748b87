import { LoadingPlaceholder } from '@/components/loading-placeholder';
import { useNotificationPreferences } from '../api/notification-preferences';
import { DevicePushPanel } from './device-push-panel';
import { PhonePanel } from './phone-panel';
import { PreferencesPanel } from './preferences-panel';

/** `/settings/notifications` (supplement §16): this device's push, choices, phone for SMS. */
export function NotificationSettingsScreen() {
  const prefs = useNotificationPreferences();
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Notifications</h1>
      <DevicePushPanel />
      {prefs.data ? (
        <>
          <PreferencesPanel
            key={prefs.data.phone ?? 'no-phone'}
            current={prefs.data}
            minorQuietHours={prefs.data.quiet_hours_required}
          />
          <PhonePanel verified={prefs.data.phone} />
        </>
      ) : (
        <LoadingPlaceholder />
      )}
    </div>
  );
}
