/** The API's refusals as the sign-in screens read them (one copy in lib/server-errors). */
export { hasCode, hasStatus, serverFieldErrors, serverMessage } from '@/lib/server-errors';
