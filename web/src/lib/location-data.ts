/**
 * What the forms with a state and an LGA need from the states/LGA table: the LGAs of a state and
 * the shared schemas whose rules check a state/LGA pair. Never imported statically: only
 * `loadLocations()` (`./locations.ts`) imports it, so the table (≈ 4 kB brotli) is a chunk of its
 * own that pages without such a form never download.
 */
export {
  academyStep2Schema,
  lgasOf,
  profileUpdateSchema,
  registerBodySchema,
  signupStep2Schema,
  trialCreateSchemaAt,
} from '@touchline/shared';
