import { describe, expect, it } from 'vitest';
import { decideConsentLink, decideGuardianContact, decideResend } from './guardians.rules';

const today = '2026-11-28';

describe('decideGuardianContact', () => {
  it('an adult needs no guardian; a child needs one other than themselves', () => {
    const base = { today, email: 'kid@x.test' };
    expect(decideGuardianContact({ ...base, dob: '2000-01-01', guardianEmail: '' })).toEqual({
      ok: true,
      consentStatus: 'not_needed',
    });
    expect(decideGuardianContact({ ...base, dob: '2013-01-01', guardianEmail: '' })).toEqual({
      ok: false,
      reason: 'guardian_email_required',
    });
    expect(
      decideGuardianContact({ ...base, dob: '2013-01-01', guardianEmail: 'KID@x.test' }),
    ).toEqual({ ok: false, reason: 'guardian_email_same' });
    expect(
      decideGuardianContact({ ...base, dob: '2008-11-29', guardianEmail: 'mum@x.test' }),
    ).toEqual({ ok: true, consentStatus: 'awaiting_consent' });
  });
});

describe('decideConsentLink', () => {
  const now = new Date('2026-11-28T10:00:00Z');
  const facts = {
    now,
    request: { expiresAt: new Date('2026-12-01T00:00:00Z'), usedAt: null, supersededAt: null },
    child: {
      id: 'c',
      email: 'kid@x.test',
      consentStatus: 'awaiting_consent' as const,
      erased: false,
    },
    guardian: { id: 'g', role: 'guardian', email: 'mum@x.test' },
    liveGuardians: 0,
    alreadyLinked: false,
  };
  it('refuses spent, superseded, expired and erased links, in that order of facts', () => {
    expect(decideConsentLink({ ...facts, child: { ...facts.child, erased: true } })).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(decideConsentLink({ ...facts, request: { ...facts.request, usedAt: now } })).toEqual({
      ok: false,
      reason: 'used',
    });
    expect(
      decideConsentLink({ ...facts, request: { ...facts.request, supersededAt: now } }),
    ).toEqual({ ok: false, reason: 'invalid' });
    expect(decideConsentLink({ ...facts, request: { ...facts.request, expiresAt: now } })).toEqual({
      ok: false,
      reason: 'expired',
    });
  });
  it('only a guardian other than the child decides, and a child has at most two', () => {
    expect(decideConsentLink(facts)).toEqual({ ok: true });
    expect(decideConsentLink({ ...facts, guardian: null })).toEqual({ ok: true });
    expect(
      decideConsentLink({ ...facts, guardian: { id: 'c', role: 'player', email: 'kid@x.test' } }),
    ).toEqual({ ok: false, reason: 'self_consent' });
    expect(
      decideConsentLink({ ...facts, guardian: { ...facts.guardian, role: 'academy' } }),
    ).toEqual({ ok: false, reason: 'guardian_only' });
    expect(decideConsentLink({ ...facts, liveGuardians: 2 })).toEqual({
      ok: false,
      reason: 'too_many_guardians',
    });
    expect(decideConsentLink({ ...facts, liveGuardians: 2, alreadyLinked: true })).toEqual({
      ok: true,
    });
  });
});

describe('decideResend', () => {
  it('resends only while awaiting consent, a few times an hour', () => {
    const base = { perHour: 3, hasEarlierRequest: true };
    expect(decideResend({ ...base, consentStatus: 'awaiting_consent', sentLastHour: 2 })).toBe(
      'ok',
    );
    expect(decideResend({ ...base, consentStatus: 'awaiting_consent', sentLastHour: 3 })).toBe(
      'too_soon',
    );
    expect(decideResend({ ...base, consentStatus: 'given', sentLastHour: 0 })).toBe('not_needed');
  });
});
