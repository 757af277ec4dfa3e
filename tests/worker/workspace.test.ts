import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { d1Db } from '../../worker/db/client';
import { createPractice } from '../../worker/store/d1/practices';
import { Client, signedUpCoach } from '../helpers/worker-client';
import { expectAnswer, expectRefusal } from '../helpers/api-client';
import { seed, viaClient } from '../helpers/seed';
import { errorBody } from '../../core/messages';

describe('practices', () => {
  it('creates a practice with today’s date, a 6-digit room code and guest access off', async () => {
    const { client, user } = await signedUpCoach();
    const p = await expectAnswer(client.api.practices.$post({ json: { practice_type: 'team', name: '  Saturday squad  ' } }), 201);
    expect(p).toMatchObject({ name: 'Saturday squad', practice_type: 'team', user_id: user.id, allow_guest_access: false });
    expect(p.room_code).toMatch(/^\d{6}$/);
    expect(p.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('lists practices newest date first, then newest created', async () => {
    const { client } = await signedUpCoach();
    await client.api.practices.$post({ json: { practice_type: 'individual', name: 'Old', date: '2026-01-05' } });
    await client.api.practices.$post({ json: { practice_type: 'individual', name: 'New A', date: '2026-03-01' } });
    await client.api.practices.$post({ json: { practice_type: 'individual', name: 'New B', date: '2026-03-01' } });
    const list = await expectAnswer(client.api.practices.$get());
    expect(list.map((p) => p.name)).toEqual(['New B', 'New A', 'Old']);
  });

  it('refuses a missing type, an empty or overlong name with the message the form shows', async () => {
    const { client } = await signedUpCoach();
    const cases: [unknown, string][] = [
      [{ name: 'x' }, 'Please choose a practice type'],
      [{ practice_type: 'relay', name: 'x' }, 'Please choose a practice type'],
      [{ practice_type: 'individual', name: '   ' }, 'Practice name is required'],
      [{ practice_type: 'individual', name: 'x'.repeat(101) }, 'Practice name must be at most 100 characters'],
      [{ practice_type: 'individual', name: 'x', date: 'tomorrow' }, 'Date must be a calendar date (YYYY-MM-DD)'],
    ];
    for (const [body, error] of cases) {
      // Raw: the typed client sends no practice without its type.
      expect(await expectRefusal(client.post('/api/practices', body), 400)).toEqual(errorBody(error));
    }
  });

  it('regenerates a room code and deletes a practice', async () => {
    const { client } = await signedUpCoach();
    const p = await seed(viaClient(client)).practice('P');
    const again = await expectAnswer(client.api.practices[':practiceId']['room-code'].$post({ param: { practiceId: p.id } }));
    expect(again.room_code).toMatch(/^\d{6}$/);
    expect(again.room_code).not.toBe(p.room_code);
    expect((await client.api.practices[':practiceId'].$delete({ param: { practiceId: p.id } })).status).toBe(200);
    expect((await client.api.practices[':practiceId'].$get({ param: { practiceId: p.id } })).status).toBe(404);
  });
});

describe('room codes stay unique', () => {
  it('the unique index refuses a duplicate code written directly', async () => {
    const { user } = await signedUpCoach();
    const db = d1Db(env.DB);
    const p = await createPractice(db, user.id, { name: 'A', practice_type: 'individual', date: '2026-11-21' });
    await expect(
      env.DB.prepare(
        `INSERT INTO practices (id, user_id, name, date, practice_type, room_code, allow_guest_access, created_at, updated_at)
         VALUES ('dup', ?, 'B', '2026-11-21', 'individual', ?, 0, 0, 0)`,
      ).bind(user.id, p.room_code).run(),
    ).rejects.toThrow(/UNIQUE/);
  });

  it('retries with a new code when the drawn one is taken', async () => {
    const { user } = await signedUpCoach();
    const db = d1Db(env.DB);
    const taken = await createPractice(db, user.id, { name: 'A', practice_type: 'individual', date: '2026-11-21' });
    const draws = [Number(taken.room_code), Number(taken.room_code), 424242];
    let calls = 0;
    const p = await createPractice(db, user.id, { name: 'B', practice_type: 'individual', date: '2026-11-21' }, () => draws[calls++] ?? 0);
    expect(calls).toBe(3);
    expect(p.room_code).toBe('424242');
  });

  it('gives up after 10 attempts with the spec message', async () => {
    const { user } = await signedUpCoach();
    const db = d1Db(env.DB);
    const taken = await createPractice(db, user.id, { name: 'A', practice_type: 'individual', date: '2026-11-21' });
    let calls = 0;
    await expect(
      createPractice(db, user.id, { name: 'B', practice_type: 'individual', date: '2026-11-21' }, () => {
        calls++;
        return Number(taken.room_code);
      }),
    ).rejects.toThrow('Failed to generate unique practice room code');
    expect(calls).toBe(10);
  });
});

describe('athletes and notes', () => {
  it('keeps a roster ordered by name with rename and delete', async () => {
    const { client } = await signedUpCoach();
    for (const name of ['Zoe', 'Adam', 'Mia']) expect((await client.api.athletes.$post({ json: { name } })).status).toBe(201);
    let list = await expectAnswer(client.api.athletes.$get());
    expect(list.map((a) => a.name)).toEqual(['Adam', 'Mia', 'Zoe']);
    const zoe = list.find((a) => a.name === 'Zoe')!;
    const renamed = await expectAnswer(client.api.athletes[':id'].$patch({ param: { id: zoe.id }, json: { name: 'Bea', club: 'Salle Nord' } }));
    expect(renamed).toMatchObject({ name: 'Bea', club: 'Salle Nord' });
    expect((await client.api.athletes[':id'].$delete({ param: { id: list[0]!.id } })).status).toBe(200);
    list = await expectAnswer(client.api.athletes.$get());
    expect(list.map((a) => a.name)).toEqual(['Bea', 'Mia']);
  });

  it('lists notes newest first, edits and deletes them', async () => {
    const { client } = await signedUpCoach();
    const a = await expectAnswer(client.api.athletes.$post({ json: { name: 'Adam' } }), 201);
    const first = await expectAnswer(client.api.athletes[':id'].notes.$post({ param: { id: a.id }, json: { note: 'Work on parry four' } }), 201);
    await new Promise((r) => setTimeout(r, 5));
    await client.api.athletes[':id'].notes.$post({ param: { id: a.id }, json: { note: 'Great footwork today' } });
    let notes = await expectAnswer(client.api.athletes[':id'].notes.$get({ param: { id: a.id } }));
    expect(notes.map((n) => n.note)).toEqual(['Great footwork today', 'Work on parry four']);
    expect((await client.api.notes[':id'].$patch({ param: { id: first.id }, json: { note: 'Parry four is better' } })).status).toBe(200);
    expect((await client.api.notes[':id'].$delete({ param: { id: first.id } })).status).toBe(200);
    notes = await expectAnswer(client.api.athletes[':id'].notes.$get({ param: { id: a.id } }));
    expect(notes.map((n) => n.note)).toEqual(['Great footwork today']);
  });

  it('refuses empty and overlong names and notes', async () => {
    const { client } = await signedUpCoach();
    expect(await expectRefusal(client.api.athletes.$post({ json: { name: ' ' } }), 400)).toEqual(errorBody('Athlete name is required'));
    const a = await expectAnswer(client.api.athletes.$post({ json: { name: 'Adam' } }), 201);
    expect(await expectRefusal(client.api.athletes[':id'].notes.$post({ param: { id: a.id }, json: { note: '\n  ' } }), 400)).toEqual(errorBody('Note cannot be empty'));
    expect(await expectRefusal(client.api.athletes[':id'].notes.$post({ param: { id: a.id }, json: { note: 'x'.repeat(2001) } }), 400)).toEqual(errorBody('Note must be at most 2000 characters'));
  });
});

describe('one coach never reaches another coach’s rows', () => {
  it('answers 404 for every read and write on coach A’s practice, athlete and note', async () => {
    const a = await signedUpCoach('A');
    const b = await signedUpCoach('B');
    const practice = await expectAnswer(a.client.api.practices.$post({ json: { practice_type: 'individual', name: 'Mine' } }), 201);
    const athlete = await expectAnswer(a.client.api.athletes.$post({ json: { name: 'Adam' } }), 201);
    const note = await expectAnswer(a.client.api.athletes[':id'].notes.$post({ param: { id: athlete.id }, json: { note: 'private' } }), 201);

    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/practices/${practice.id}`],
      ['POST', `/api/practices/${practice.id}/room-code`, {}],
      ['DELETE', `/api/practices/${practice.id}`, {}],
      ['GET', `/api/athletes/${athlete.id}`],
      ['PATCH', `/api/athletes/${athlete.id}`, { name: 'Hacked' }],
      ['DELETE', `/api/athletes/${athlete.id}`, {}],
      ['GET', `/api/athletes/${athlete.id}/notes`],
      ['POST', `/api/athletes/${athlete.id}/notes`, { note: 'injected' }],
      ['PATCH', `/api/notes/${note.id}`, { note: 'Hacked' }],
      ['DELETE', `/api/notes/${note.id}`, {}],
    ];
    for (const [method, path, body] of attempts) {
      // Raw: one list of paths for every verb, each answered alike.
      expect((await expectRefusal(b.client.request(method, path, body), 404)).error, `${method} ${path}`).toMatch(/not found$/);
    }
    expect(await expectAnswer(b.client.api.practices.$get())).toEqual([]);
    expect(await expectAnswer(b.client.api.athletes.$get())).toEqual([]);

    // Nothing of A's changed.
    expect((await expectAnswer(a.client.api.practices[':practiceId'].$get({ param: { practiceId: practice.id } }))).room_code).toBe(practice.room_code);
    expect((await expectAnswer(a.client.api.athletes[':id'].$get({ param: { id: athlete.id } }))).name).toBe('Adam');
    expect((await expectAnswer(a.client.api.athletes[':id'].notes.$get({ param: { id: athlete.id } }))).map((n) => n.note)).toEqual(['private']);
  });
});

describe('feedback', () => {
  it('stores feedback with the coach’s id, email and status new', async () => {
    const { client, user } = await signedUpCoach();
    const res = await client.api.feedback.$post({ json: { feedback_type: 'suggest_feature', message: 'A bout timer please' } });
    expect(res.status).toBe(201);
    const row = await env.DB.prepare('SELECT * FROM feedback WHERE user_id = ?').bind(user.id).first();
    expect(row).toMatchObject({ user_email: user.email, feedback_type: 'suggest_feature', message: 'A bout timer please', status: 'new' });
  });

  it('gives the spec messages for a missing type, an empty message and no login', async () => {
    const { client } = await signedUpCoach();
    // Raw: the typed client sends no feedback without its type.
    expect(await expectRefusal(client.post('/api/feedback', { message: 'hi' }), 400)).toEqual(errorBody('Please select a feedback type.'));
    expect(await expectRefusal(client.api.feedback.$post({ json: { feedback_type: 'report_issue', message: ' ' } }), 400)).toEqual(errorBody('Please enter your feedback message.'));
    expect(await expectRefusal(new Client().api.feedback.$post({ json: { feedback_type: 'report_issue', message: 'hi' } }), 401)).toEqual(errorBody('You must be logged in to submit feedback.'));
  });
});
