/** Trials, their requirements and registrations (places, holds, outcomes, reminders). */
export * from '../repositories/trials.repository';
export * from '../repositories/trial-views.repository';
export * from '../repositories/registrations.repository';
export * from '../repositories/registration-reads.repository';
export * from '../repositories/registration-lifecycle.repository';
export * from '../repositories/trial-reminders.repository';
export * from '../repositories/registration-dob.repository';
export * from '../repositories/registration-checkin.repository';
export * from '../repositories/evaluations.repository';
export * from '../repositories/waitlist.repository';
