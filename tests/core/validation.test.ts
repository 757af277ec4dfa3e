import { describe, expect, it } from 'vitest';
import {
  athleteSchema, createPracticeSchema, feedbackSchema, firstIssue, isCalendarDate, noteSchema, signinSchema, signupSchema,
} from '../../core/validation';

function messageOf(schema: { safeParse(v: unknown): { success: boolean; error?: any } }, value: unknown) {
  const r = schema.safeParse(value);
  return r.success ? null : firstIssue(r.error);
}

describe('auth forms', () => {
  it('signup needs a full name, an email and a password of at least 8 characters', () => {
    expect(messageOf(signupSchema, { email: 'a@b.co', password: 'longenough' })).toBe('Full name is required');
    expect(messageOf(signupSchema, { full_name: 'A', password: 'longenough' })).toBe('Email is required');
    expect(messageOf(signupSchema, { full_name: 'A', email: 'a@b.co' })).toBe('Password is required');
    expect(messageOf(signupSchema, { full_name: 'A', email: 'not-an-email', password: 'longenough' })).toBe('Please enter a valid email address');
    expect(messageOf(signupSchema, { full_name: 'A', email: 'a@b.co', password: '1234567' })).toBe('Password should be at least 8 characters.');
    expect(signupSchema.parse({ full_name: ' Ann ', email: ' Ann@Example.COM ', password: '12345678' })).toEqual({
      full_name: 'Ann', email: 'ann@example.com', password: '12345678',
    });
  });

  it('signin without an email or a password gives the auth client’s message', () => {
    const msg = 'You must provide either an email or phone number and a password.';
    expect(messageOf(signinSchema, { email: 'a@b.co' })).toBe(msg);
    expect(messageOf(signinSchema, { password: 'x' })).toBe(msg);
    expect(messageOf(signinSchema, { email: '  ', password: 'x' })).toBe(msg);
  });
});

describe('workspace forms', () => {
  it('a practice needs a type first, then a trimmed non-empty name', () => {
    expect(messageOf(createPracticeSchema, { name: 'Tue' })).toBe('Please choose a practice type');
    expect(messageOf(createPracticeSchema, { practice_type: 'team', name: '  ' })).toBe('Practice name is required');
    expect(createPracticeSchema.parse({ practice_type: 'team', name: '  Tue  ' })).toEqual({ practice_type: 'team', name: 'Tue' });
  });

  it('names stop at 100 characters and notes at 2,000', () => {
    expect(messageOf(athleteSchema, { name: 'a'.repeat(100) })).toBeNull();
    expect(messageOf(athleteSchema, { name: 'a'.repeat(101) })).toBe('Athlete name must be at most 100 characters');
    expect(messageOf(noteSchema, { note: 'n'.repeat(2000) })).toBeNull();
    expect(messageOf(noteSchema, { note: 'n'.repeat(2001) })).toBe('Note must be at most 2000 characters');
  });

  it('an athlete’s club is optional and blank means none', () => {
    expect(athleteSchema.parse({ name: 'Ann', club: '  ' })).toEqual({ name: 'Ann', club: null });
    expect(athleteSchema.parse({ name: 'Ann' })).toEqual({ name: 'Ann', club: null });
  });

  it('feedback needs a type and a message, with the spec’s texts', () => {
    expect(messageOf(feedbackSchema, { message: 'hi' })).toBe('Please select a feedback type.');
    expect(messageOf(feedbackSchema, { feedback_type: 'praise', message: 'hi' })).toBe('Please select a feedback type.');
    expect(messageOf(feedbackSchema, { feedback_type: 'report_issue', message: '   ' })).toBe('Please enter your feedback message.');
  });
});

describe('calendar dates', () => {
  it('accepts real days only, leap days included', () => {
    for (const ok of ['2024-02-29', '2026-11-22', '2000-02-29', '1999-12-31']) expect(isCalendarDate(ok), ok).toBe(true);
    for (const bad of ['2024-99-99', '2023-02-29', '1900-02-29', '2024-04-31', '2024-00-10', '2024-01-00', '2024-1-1', '0000-01-01', '20240101', '']) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
  });
});
