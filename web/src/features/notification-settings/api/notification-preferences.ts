import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notificationPreferencesResponseSchema,
  type NotificationPreferences,
} from '@touchline/shared';
import { api } from '@/lib/api-client';

export const notificationSettingsKeys = {
  preferences: () => ['notification-preferences'] as const,
};

/** `GET /api/notification_preferences`. */
export function getNotificationPreferences(signal?: AbortSignal) {
  return api.get('notification_preferences', notificationPreferencesResponseSchema, { signal });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationSettingsKeys.preferences(),
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });
}

/** `PUT /api/notification_preferences`: every kind and channel; quiet hours for adults. */
export function saveNotificationPreferences(body: {
  preferences: NotificationPreferences;
  quiet_hours?: boolean;
  codes_by_sms?: boolean;
}) {
  return api.put('notification_preferences', body, notificationPreferencesResponseSchema);
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (data) => queryClient.setQueryData(notificationSettingsKeys.preferences(), data),
  });
}
