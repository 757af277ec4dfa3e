import { describe, expect, it } from 'vitest';
import { describeError } from '../../core/messages';
import {
  athleteSchema, createPracticeSchema, createTeamsSchema, feedbackSchema, firstIssue, generatePoolsSchema, guestJoinSchema, isCalendarDate, latecomerSchema,
  noteSchema, playerNameSchema, poolNameSchema, signinSchema, signupSchema,
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

describe('names hold no control characters (issue 25)', () => {
  // Every name-like field, as the forms and the API read it: the field, a valid body around it, its label.
  const NAMES: [string, (name: string) => unknown, { safeParse(v: unknown): { success: boolean; data?: any; error?: any } }, (data: any) => string | null, string][] = [
    ['full name', (n) => ({ full_name: n, email: 'a@b.co', password: 'longenough' }), signupSchema, (d) => d.full_name, 'Full name'],
    ['practice name', (n) => ({ practice_type: 'individual', name: n }), createPracticeSchema, (d) => d.name, 'Practice name'],
    ['athlete name', (n) => ({ name: n }), athleteSchema, (d) => d.name, 'Athlete name'],
    ['club', (n) => ({ name: 'Ann', club: n }), athleteSchema, (d) => d.club, 'Club'],
    ['pool name', (n) => ({ name: n }), poolNameSchema, (d) => d.name, 'Pool name'],
    ['player name', (n) => ({ name: n }), playerNameSchema, (d) => d.name, 'Player name'],
    ['latecomer', (n) => ({ name: n }), latecomerSchema, (d) => d.name, 'Name'],
    ['typed pool entry', (n) => ({ method: 'single', entries: [{ name: n }] }), generatePoolsSchema, (d) => d.entries[0].name, 'Each name'],
    ['typed team member', (n) => ({ method: 'random', entries: [{ name: n }] }), createTeamsSchema, (d) => d.entries[0].name, 'Each name'],
    ['guest name', (n) => ({ room_code: '123456', guest_name: n }), guestJoinSchema, (d) => d.guest_name, 'Your name'],
  ];
  const REFUSED = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b', '\u2028', '\u2029', '\u202a', '\u202e', '\u2066', '\u2069', '\u000b', '\u000c'];

  for (const [what, body, schema, read, label] of NAMES) {
    it(`${what}: inner line breaks and tabs become one space`, () => {
      for (const [typed, kept] of [['ann\nlee', 'ann lee'], ['ann\r\nlee', 'ann lee'], ['ann \t lee', 'ann lee'], ['ann\n\n\tlee', 'ann lee'], ['\nann lee\r\n', 'ann lee']]) {
        const parsed = schema.safeParse(body(typed!));
        expect(parsed.success, JSON.stringify(typed)).toBe(true);
        expect(read(parsed.data)!.toLowerCase()).toBe(kept);
      }
    });

    it(`${what}: any other control character is refused with a message the app translates`, () => {
      for (const c of REFUSED) {
        const parsed = schema.safeParse(body(`ann${c}lee`));
        expect(parsed.success, JSON.stringify(c)).toBe(false);
        const message = firstIssue(parsed.error);
        expect(message).toBe(`${label} cannot contain control characters`);
        expect(describeError(message)).toEqual({ code: 'cannot_contain_control_characters', params: { label } });
      }
    });
  }

  it('keeps accents, apostrophes, hyphens and letters of every script', () => {
    for (const name of ['Zoë Ångström', "O'Brien", 'Jean-Luc Picard', 'Łukasz Żółć', '李小龙', 'محمد', '=SUM(A1)']) {
      expect(athleteSchema.parse({ name }).name).toBe(name);
    }
  });

  it('free text keeps its line breaks and tabs, and refuses the other control characters', () => {
    expect(noteSchema.parse({ note: 'Parry 4\n\tthen riposte' }).note).toBe('Parry 4\n\tthen riposte');
    expect(messageOf(noteSchema, { note: 'Parry\u00004' })).toBe('Note cannot contain control characters');
    expect(messageOf(noteSchema, { note: 'Parry \u202e4' })).toBe('Note cannot contain control characters');
    expect(feedbackSchema.parse({ feedback_type: 'report_issue', message: 'Line 1\r\nLine 2' }).message).toBe('Line 1\r\nLine 2');
    expect(messageOf(feedbackSchema, { feedback_type: 'report_issue', message: 'Bell\u0007' })).toBe('Feedback cannot contain control characters');
  });
});
