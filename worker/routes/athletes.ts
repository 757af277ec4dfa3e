import { Hono } from 'hono';
import { athleteSchema, noteSchema, rosterImportSchema } from '../../core/validation';
import type { AppEnv } from '../env';
import { authorize } from '../auth/access';
import { coachOf } from '../middleware/session';
import {
  createAthlete, createNote, deleteAthlete, deleteNote, getAthlete, listAthletes, listNotes, updateAthlete, updateNote,
} from '../store/d1/athletes';
import { athleteHistory, athleteSummaries } from '../store/d1/athlete-results';
import { linkSuggestions, practicesNaming } from '../store/d1/identity';
import { eachRoom } from '../room/room';
import { importAthletes } from '../store/d1/interop';
import { countFileWrite } from '../store/d1/throttle';
import { json } from '../validate';

export const athleteRoutes = new Hono<AppEnv>()
  .get('/', authorize('roster.read'), async (c) => c.json(await listAthletes(c.get('db'), coachOf(c).id)))
  .post('/', authorize('roster.write'), json(athleteSchema), async (c) => {
    const input = c.req.valid('json');
    return c.json(await createAthlete(c.get('db'), coachOf(c).id, input), 201);
  })
  // Issue 15: rows read from a CSV or FIE file; bad rows are reported, the good new ones inserted at once.
  .post('/import', authorize('roster.write'), json(rosterImportSchema), async (c) => {
    await countFileWrite(c.env.DB, 'import', coachOf(c).id);
    const { athletes } = c.req.valid('json');
    return c.json(await importAthletes(c.get('db'), coachOf(c).id, athletes));
  })
  .get('/summaries', authorize('roster.read'), async (c) => c.json(await athleteSummaries(c.get('db'), coachOf(c).id)))
  .get('/:id', authorize('roster.read'), async (c) => c.json(await getAthlete(c.get('db'), coachOf(c).id, c.req.param('id'))))
  .patch('/:id', authorize('roster.write'), json(athleteSchema), async (c) => {
    const input = c.req.valid('json');
    return c.json(await updateAthlete(c.get('db'), coachOf(c).id, c.req.param('id'), input));
  })
  .delete('/:id', authorize('roster.write'), async (c) => {
    const id = c.req.param('id');
    const naming = await practicesNaming(c.get('d1'), coachOf(c).id, id);
    await deleteAthlete(c.get('db'), coachOf(c).id, id);
    // Each practice that named them is told in its room, the home of its entries (issue 26); a room out of
    // reach keeps the link until its archive writes it, as no link (the athlete is gone from D1).
    await eachRoom(c.env, naming, 'athlete deletion', (room, practiceId) => room.athleteDeleted(practiceId, id));
    return c.json({ ok: true });
  })
  .get('/:id/history', authorize('roster.read'), async (c) => c.json(await athleteHistory(c.get('db'), coachOf(c).id, c.req.param('id'))))
  .get('/:id/suggestions', authorize('roster.read'), async (c) => c.json(await linkSuggestions(c.get('db'), coachOf(c).id, c.req.param('id'))))
  .get('/:id/notes', authorize('roster.read'), async (c) => c.json(await listNotes(c.get('db'), coachOf(c).id, c.req.param('id'))))
  .post('/:id/notes', authorize('roster.write'), json(noteSchema), async (c) => {
    const { note } = c.req.valid('json');
    return c.json(await createNote(c.get('db'), coachOf(c).id, c.req.param('id'), note), 201);
  });

export const noteRoutes = new Hono<AppEnv>()
  .patch('/:id', authorize('roster.write'), json(noteSchema), async (c) => {
    const { note } = c.req.valid('json');
    return c.json(await updateNote(c.get('db'), coachOf(c).id, c.req.param('id'), note));
  })
  .delete('/:id', authorize('roster.write'), async (c) => {
    await deleteNote(c.get('db'), coachOf(c).id, c.req.param('id'));
    return c.json({ ok: true });
  });
