/** The API's refusals as the guardian's screens read them (one copy in lib/server-errors). */
export { serverFieldErrors, serverMessage } from '@/lib/server-errors';
