import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema, phoneVerifiedResponseSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { notificationSettingsKeys } from './notification-preferences';

/** `POST /api/phone/verify {phone}`: a 6-digit code by SMS. */
export function startPhoneVerification(phone: string) {
  return api.post('phone/verify', { phone }, messageSchema);
}

export function useStartPhoneVerification() {
  return useMutation({ mutationFn: startPhoneVerification });
}

/** `PUT /api/phone/verify {phone, code}`: the number becomes the one SMS go to. */
export function confirmPhone(body: { phone: string; code: string }) {
  return api.put('phone/verify', body, phoneVerifiedResponseSchema);
}

export function useConfirmPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPhone,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.preferences() }),
  });
}
