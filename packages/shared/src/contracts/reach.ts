import { z } from 'zod';
import { LIMITS } from '../limits';
import {
  PREFERENCE_CHANNELS,
  PREFERENCE_KINDS,
  type PreferenceChannel,
  type PreferenceKind,
} from '../reach-texts';
import { normalizeNigerianPhone, PROFILE_MESSAGES } from './profiles';

/** Web Push and SMS (supplement §16). API names as the supplement gives them. */

export const PUSH_LIMITS = { endpointMax: 1024, p256dhMax: 128, authMax: 64 } as const;

const base64url = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Must be base64url');

/**
 * A push service's address as the browser gave it. The contract checks its shape only; the
 * server checks the host against `PUSH_ENDPOINT_HOSTS` before storing it and again before
 * every send (docs/security.md "Push endpoints").
 */
export const pushEndpointSchema = z
  .string()
  .trim()
  .max(PUSH_LIMITS.endpointMax)
  .pipe(z.url({ protocol: /^https?$/, error: 'endpoint must be an https URL' }));

/** `POST /api/push/subscriptions`: a browser's `PushSubscription.toJSON()`. */
export const pushSubscribeSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object({
    p256dh: base64url(PUSH_LIMITS.p256dhMax),
    auth: base64url(PUSH_LIMITS.authMax),
  }),
});
export type PushSubscribeInput = z.infer<typeof pushSubscribeSchema>;

/** `DELETE /api/push/subscriptions`. */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });

/** `GET /api/push/key`: the VAPID public key (base64url) for `pushManager.subscribe`. */
export const pushKeyResponseSchema = z.object({ public_key: z.string() });

/** What a push carries: no more than the in-app notice (its text and link). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  link: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

const channelsSchema = z.object(
  Object.fromEntries(PREFERENCE_CHANNELS.map((c) => [c, z.boolean()])) as Record<
    PreferenceChannel,
    z.ZodBoolean
  >,
);

/** `GET|PUT /api/notification_preferences`: every kind with every channel. */
export const notificationPreferencesSchema = z.object(
  Object.fromEntries(PREFERENCE_KINDS.map((k) => [k, channelsSchema])) as Record<
    PreferenceKind,
    typeof channelsSchema
  >,
);

export const notificationPreferencesResponseSchema = z.object({
  preferences: notificationPreferencesSchema,
  /** Pushes and SMS wait through 21:00–07:00 Lagos (chosen, or a minor's). */
  quiet_hours: z.boolean(),
  /** A minor's quiet hours: always on, not a choice. */
  quiet_hours_required: z.boolean(),
  /** The verified phone SMS go to, or null. */
  phone: z.string().nullable(),
  /** Password reset codes go by SMS to the verified phone too (besides the e-mail). */
  codes_by_sms: z.boolean(),
});
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponseSchema>;

const phoneField = z
  .string()
  .trim()
  .max(30, PROFILE_MESSAGES.phoneInvalid)
  .transform((v, ctx) => {
    const e164 = normalizeNigerianPhone(v);
    if (!e164) ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.phoneInvalid });
    return e164 ?? z.NEVER;
  });

/** `POST /api/phone/verify {phone}`: sends a 6-digit code by SMS (the e-mail code's rules). */
export const phoneVerifyStartSchema = z.object({ phone: phoneField });
/** `PUT /api/phone/verify {phone, code}`. */
export const phoneVerifyConfirmSchema = z.object({
  phone: phoneField,
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${LIMITS.otpLength}}$`), 'Enter the 6-digit code'),
});
export const phoneVerifiedResponseSchema = z.object({ phone: z.string() });

/** Error codes of push and phone verification. */
export const REACH_ERRORS = {
  endpointNotAllowed: 'push.endpoint_not_allowed',
  subscriptionNotFound: 'push.subscription_not_found',
  phoneCodeInvalid: 'phone.code_invalid',
} as const;

export const REACH_MESSAGES = {
  endpointNotAllowed:
    'This browser’s push service is not supported. Try another browser, or use in-app notifications',
  subscriptionNotFound: 'This device is not subscribed',
  codeInvalid: 'The code is incorrect or has expired. Check it or request a new one',
} as const;

/** `PUT /api/notification_preferences`: every kind and channel; `quiet_hours` for adults. */
export const notificationPreferencesBodySchema = z.object({
  preferences: notificationPreferencesSchema,
  quiet_hours: z.boolean().optional(),
  codes_by_sms: z.boolean().optional(),
});
