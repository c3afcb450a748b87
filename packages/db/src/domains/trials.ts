/** Trials, their requirements and registrations (places, holds, outcomes, reminders). */
export * from '../repositories/trials.repository';
export * from '../repositories/registrations.repository';
