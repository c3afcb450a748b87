import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { formatNaira } from './payments';
import { registerBodySchemaAt, trialCreateSchemaAt, trialRuleIssues } from './places';
import { TRIAL_MESSAGES, trialUpdateSchema } from './trials';

const now = () => new Date('2026-06-01T10:00:00Z'); // 11:00 in Lagos
const valid = {
  name: 'Lagos Under-19 Open Trial',
  sport: 'football',
  state: 'Lagos',
  district: 'Ikeja',
  venue: 'Teslim Balogun Stadium',
  trial_date: '2026-06-20',
  start_time: '09:00',
  deadline: '2026-06-15',
};
const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('trial form', () => {
  it('takes multipart strings: numbers, blanks and a JSON list of requirements', () => {
    const parsed = trialCreateSchemaAt(now).parse({
      ...valid,
      registration_fee: '1250000',
      min_age: '16',
      max_age: '',
      total_participant_limit: '50',
      requirements: '["Position?", " ", "Current club?"]',
    });
    expect(parsed).toMatchObject({
      registration_fee: 1_250_000,
      min_age: 16,
      max_age: null,
      total_participant_limit: 50,
      requirements: ['Position?', 'Current club?'],
      landmark: '',
      description: '',
    });
    expect(trialCreateSchemaAt(now).parse(valid).registration_fee).toBe(0);
  });

  it('refuses each field with its message', () => {
    const result = trialCreateSchemaAt(now).safeParse({
      ...valid,
      name: ' ',
      start_time: '9am',
      registration_fee: -1,
      total_participant_limit: 0,
      min_age: 3,
      requirements: ['1', '2', '3', '4', '5', '6'],
    });
    expect(messagesOf(result)).toEqual({
      name: TRIAL_MESSAGES.nameRequired,
      start_time: TRIAL_MESSAGES.startTimeInvalid,
      registration_fee: TRIAL_MESSAGES.feeInvalid,
      total_participant_limit: TRIAL_MESSAGES.limitInvalid,
      min_age: TRIAL_MESSAGES.ageInvalid,
      requirements: TRIAL_MESSAGES.requirementsTooMany,
    });
  });

  it('checks dates in Lagos, the deadline against the trial date, the ages and the place', () => {
    const check = (over: object) =>
      messagesOf(trialCreateSchemaAt(now).safeParse({ ...valid, ...over }));
    expect(check({ trial_date: '2026-06-01', deadline: '2026-06-01' })).toEqual({
      trial_date: TRIAL_MESSAGES.trialDateFuture,
    });
    expect(check({ deadline: '2026-06-21' })).toEqual({
      deadline: TRIAL_MESSAGES.deadlineAfterTrial,
    });
    expect(check({ deadline: '2026-05-31' })).toEqual({ deadline: TRIAL_MESSAGES.deadlinePast });
    expect(check({ min_age: 18, max_age: 16 })).toEqual({ max_age: TRIAL_MESSAGES.ageOrder });
    expect(check({ district: 'Ibadan North' })).toEqual({ district: MESSAGES.lgaRequired });
    expect(check({ sport: 'other' })).toEqual({ sport_other: MESSAGES.specifySport });
    expect(check({ deadline: '2026-06-01' })).toEqual({});
  });

  it('an edit checks each field alone; the merged trial is checked with trialRuleIssues', () => {
    expect(trialUpdateSchema.parse({ venue: 'Mobolaji Johnson Arena' })).toEqual({
      venue: 'Mobolaji Johnson Arena',
    });
    const merged = {
      ...valid,
      sport_other: null,
      min_age: null,
      max_age: null,
      deadline: '2026-06-25',
    };
    expect(trialRuleIssues(merged, '2026-06-01')).toEqual([
      { path: 'deadline', message: TRIAL_MESSAGES.deadlineAfterTrial },
    ]);
  });
});

describe('registration form', () => {
  it('normalises the phone to E.164 and needs a level and a real LGA', () => {
    const schema = registerBodySchemaAt(now);
    const body = {
      trial: '01933b3e-7c2a-7f00-8000-000000000001',
      name: 'Ada',
      dob: '2008-03-10',
      phone: '0801 234 5678',
      email: 'Ada@Example.test',
      state: 'Lagos',
      district: 'Ikeja',
      level: 'district',
      answers: [{ requirement_id: '01933b3e-7c2a-7f00-8000-000000000002', answer: ' GK ' }],
    };
    expect(schema.parse(body)).toMatchObject({
      phone: '+2348012345678',
      email: 'ada@example.test',
      answers: [{ answer: 'GK' }],
    });
    expect(
      messagesOf(schema.safeParse({ ...body, level: 'pro', district: 'Ibadan North' })),
    ).toEqual({
      level: TRIAL_MESSAGES.levelRequired,
    });
    expect(messagesOf(schema.safeParse({ ...body, district: 'Ibadan North' }))).toEqual({
      district: MESSAGES.lgaRequired,
    });
  });
});

describe('money', () => {
  it('shows kobo as naira', () => {
    expect(formatNaira(1_250_000)).toBe('₦12,500');
    expect(formatNaira(123_456_750)).toBe('₦1,234,567.50');
    expect(formatNaira(0)).toBe('₦0');
    expect(formatNaira(-50_000)).toBe('-₦500');
    expect(formatNaira(-50)).toBe('-₦0.50');
  });
});
