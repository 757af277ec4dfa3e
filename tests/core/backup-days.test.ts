import { describe, expect, it } from 'vitest';
import type { DaySnapshot } from '../../core/contracts/days';
import { backupSchema, type AccountBackup } from '../../core/interop/backup';
import { refusalOf, restoreFile } from '../helpers/backup-file';
import { dayForBackup, type BackupDay } from '../../core/interop/backup-days';

const pool = (id: string, name: string, fencers: [string, string, string]) => ({
  id, name, created_at: 11,
  players: fencers.map((f, i) => ({ id: `${id}-${i}`, athlete_id: i === 0 && id === 'T1' ? 'A1' : null, name: f, position: i + 1, status: null })),
  bouts: [],
});

const practice = (id: string, name: string, pools: ReturnType<typeof pool>[]): AccountBackup['practices'][number] => ({
  id, name, date: '2026-12-05', practice_type: 'individual', weapon: 'epee', created_at: 10, pools, format: null, absentees: [], bracket: null, teams: [], relays: [],
});

/** A day of two events (U13 with two pools, U15 with one) on three pistes, with a roster referee and a typed one. */
const day: BackupDay = {
  id: 'D1', name: 'Club open', date: '2026-12-05', venue: 'Salle Nord', starts_at: '09:30', minutes: { epee: { pool: 4 } }, guests_call: true, created_at: 7,
  events: [{ practice_id: 'P1', position: 0 }, { practice_id: 'P2', position: 1 }],
  pistes: [{ id: 'S1', name: '1', final: true }, { id: 'S2', name: '2', final: false }, { id: 'S3', name: 'Blue', final: false }],
  referees: [{ id: 'R1', name: 'Anna Rossi', club: 'Milano', athlete_id: 'A1' }, { id: 'R2', name: 'Typed Ref', club: null, athlete_id: null }],
  placements: [
    { practice_id: 'P1', pool_id: 'T1', piste_id: 'S2', flight: 0, pinned: false, referee_id: 'R2', referee_override: false, neutral: true },
    { practice_id: 'P1', pool_id: 'T2', piste_id: 'S3', flight: 1, pinned: true, referee_id: 'R1', referee_override: true, neutral: false },
    { practice_id: 'P2', pool_id: 'T3', piste_id: 'S1', flight: 0, pinned: false, referee_id: null, referee_override: false, neutral: true },
  ],
};

const backup: AccountBackup = {
  format: 'piste-backup', version: 1, exported_at: 5,
  athletes: [{ id: 'A1', name: 'Anna Rossi', club: 'Milano', ranking: null, created_at: 1, notes: [] }],
  practices: [
    practice('P1', 'U13 épée', [pool('T1', 'Pool 1', ['ANNA', 'BEN', 'CLEO']), pool('T2', 'Pool 2', ['DAN', 'EVE', 'FLO'])]),
    practice('P2', 'U15 épée', [pool('T3', 'Pool 1', ['GIL', 'HAL', 'IDA'])]),
  ],
  days: [day],
};

const withDay = (change: (d: BackupDay, b: AccountBackup) => void) => {
  const b = structuredClone(backup);
  change(b.days[0]!, b);
  return b;
};

describe('competition days in the account backup (issue 28)', () => {
  it('restores a day with new ids: its index row not shared, its events on the restored practices, its room on the restored pools, pistes and athletes', () => {
    const rows = restoreFile(backup);
    const [row] = rows.days;
    expect(row).toMatchObject({ user_id: 'me', name: 'Club open', date: '2026-12-05', venue: 'Salle Nord', starts_at: '09:30', board_shared: 0, created_at: 7, updated_at: 99 });
    expect(JSON.parse(row!.minutes as string)).toEqual({ epee: { pool: 4 } });
    expect(row!.id).not.toBe('D1');
    expect(row!.board_id).toMatch(/^board/);
    const practiceId = (name: string) => rows.practices.find((p) => p.name === name)!.id;
    expect(rows.day_events.map((e) => [e.day_id, e.practice_id, e.position])).toEqual([[row!.id, practiceId('U13 épée'), 0], [row!.id, practiceId('U15 épée'), 1]]);

    const [room] = rows.dayRooms;
    // The hall board and guests' call steps start off, as sharing does after a restore.
    expect(room!.day).toMatchObject({ id: row!.id, board_id: row!.board_id, board_shared: false, guests_call: false, starts_at: '09:30', minutes: { epee: { pool: 4 } } });
    expect(room!.ownerId).toBe('me');
    expect(room!.pistes.map((p) => [p.name, p.final, p.position])).toEqual([['1', true, 0], ['2', false, 1], ['Blue', false, 2]]);
    const anna = rows.athletes.find((a) => a.name === 'Anna Rossi')!.id;
    expect(room!.referees.map((r) => [r.name, r.club, r.athlete_id, r.position])).toEqual([['Anna Rossi', 'Milano', anna, 0], ['Typed Ref', null, null, 1]]);
    const pisteName = new Map(room!.pistes.map((p) => [p.id, p.name]));
    const refName = new Map(room!.referees.map((r) => [r.id, r.name]));
    const poolName = new Map(rows.tournaments.map((t) => [t.id, `${rows.practices.find((p) => p.id === t.practice_id)!.name} ${t.name}`]));
    expect(room!.placements.map((p) => [poolName.get(p.pool_id), p.practice_id === rows.tournaments.find((t) => t.id === p.pool_id)!.practice_id, pisteName.get(p.piste_id), p.flight, p.pinned, refName.get(p.referee_id!) ?? null, p.referee_override, p.neutral])).toEqual([
      ['U13 épée Pool 1', true, '2', 0, false, 'Typed Ref', false, true],
      ['U13 épée Pool 2', true, 'Blue', 1, true, 'Anna Rossi', true, false],
      ['U15 épée Pool 1', true, '1', 0, false, null, false, true],
    ]);
    // No id of the file survives.
    const used = [row!.id, ...room!.pistes.map((p) => p.id), ...room!.referees.map((r) => r.id), ...room!.placements.flatMap((p) => [p.pool_id, p.practice_id])];
    for (const old of ['D1', 'S1', 'S2', 'S3', 'R1', 'R2', 'T1', 'T2', 'T3', 'P1', 'P2']) expect(used).not.toContain(old);
  });

  it('writes a day from its index row and its room, and reads it back the same', () => {
    const snapshot = {
      pistes: [{ id: 'S1', name: '1', final: true, position: 0 }, { id: 'S2', name: '2', final: false, position: 1 }],
      referees: [{ id: 'R1', name: 'Anna Rossi', club: 'Milano', athlete_id: 'A1', position: 0 }, { id: 'R9', name: 'Gone', club: null, athlete_id: 'deleted-athlete', position: 1 }],
      placements: [
        { pool_id: 'T1', practice_id: 'P1', piste_id: 'S2', flight: 0, pinned: true, referee_id: 'R1', referee_override: true, neutral: false },
        // A pool the archive does not hold yet (the room is seconds ahead of D1), and a practice D1 no longer
        // counts among the day's events: left out, not a file that cannot be restored.
        { pool_id: 'T-new', practice_id: 'P1', piste_id: 'S1', flight: 0, pinned: false, referee_id: null, referee_override: false, neutral: true },
        { pool_id: 'T3', practice_id: 'P2', piste_id: 'S1', flight: 0, pinned: false, referee_id: 'R1', referee_override: false, neutral: true },
      ],
    } as unknown as DaySnapshot;
    const row = { id: 'D1', name: 'Club open', date: '2026-12-05', venue: null, starts_at: null, minutes: '{"foil":{"tableau":12}}', created_at: 7 };
    const poolsOf = new Map([['P1', new Set(['T1', 'T2'])], ['P2', new Set(['T3'])]]);
    const written = dayForBackup(row, [{ practice_id: 'P1', position: 3 }], snapshot, { poolsOf, athletes: new Set(['A1']) });
    expect(written).toEqual({
      id: 'D1', name: 'Club open', date: '2026-12-05', venue: null, starts_at: null, minutes: { foil: { tableau: 12 } }, guests_call: false, created_at: 7,
      events: [{ practice_id: 'P1', position: 3 }],
      pistes: [{ id: 'S1', name: '1', final: true }, { id: 'S2', name: '2', final: false }],
      referees: [{ id: 'R1', name: 'Anna Rossi', club: 'Milano', athlete_id: 'A1' }, { id: 'R9', name: 'Gone', club: null, athlete_id: null }],
      placements: [{ practice_id: 'P1', pool_id: 'T1', piste_id: 'S2', flight: 0, pinned: true, referee_id: 'R1', referee_override: true, neutral: false }],
    });
    const file = { ...backup, days: [written] };
    expect(backupSchema.parse(JSON.parse(JSON.stringify(file))).days).toEqual([written]);
    // guests_call reads as D1 keeps it once migration 0019 adds the column, and as off before it.
    expect(dayForBackup({ ...row, guests_call: 1 }, [], null, { poolsOf: new Map(), athletes: new Set() })).toMatchObject({ guests_call: true, pistes: [], referees: [], placements: [] });
  });

  it('restores a day whose practice is not in the file without that event and its pools', () => {
    const rows = restoreFile(withDay((_d, b) => b.practices.splice(1, 1)));
    expect(rows.day_events).toHaveLength(1);
    expect(rows.day_events[0]!.practice_id).toBe(rows.practices[0]!.id);
    expect(rows.dayRooms[0]!.placements).toHaveLength(2);
    expect(rows.dayRooms[0]!.pistes).toHaveLength(3);
  });

  it('refuses a day whose references do not hold, saying which', () => {
    const damaged = (detail: string) => `This backup is damaged: ${detail}`;
    expect(refusalOf(withDay((d) => { d.placements[0]!.piste_id = 'S9'; }))).toBe(damaged('a pool of the day Club open is placed on a piste the day does not have'));
    expect(refusalOf(withDay((d) => { d.placements[0]!.referee_id = 'R9'; }))).toBe(damaged('a pool of the day Club open has a referee the day does not have'));
    expect(refusalOf(withDay((d) => { d.placements.pop(); d.placements[0]!.pool_id = 'T3'; }))).toBe(damaged('a pool placed on the day Club open is not a pool of its events'));
    expect(refusalOf(withDay((d) => { d.events.pop(); }))).toBe(damaged('a pool placed on the day Club open is not a pool of its events'));
    expect(refusalOf(withDay((d) => { d.placements[1]!.pool_id = 'T1'; }))).toBe(damaged('a pool of the day Club open is placed twice'));
    expect(refusalOf(withDay((d) => { d.referees[0]!.athlete_id = 'A9'; }))).toBe(damaged('a referee of the day Club open refers to an athlete that is not in the file'));
    expect(refusalOf(withDay((d) => { d.pistes[2]!.name = '2'; }))).toBe(damaged('two pistes of the day Club open share a name'));
    expect(refusalOf(withDay((d) => { d.events[1]!.position = 0; }))).toBe(damaged('two events of the day Club open share a position'));
    expect(refusalOf(withDay((d, b) => b.days.push({ ...structuredClone(d), id: 'D2', placements: [] })))).toBe(damaged('a practice is an event of two days, or twice of one'));
    expect(refusalOf(withDay((d, b) => b.days.push(structuredClone(d))))).toBe(damaged('a competition day appears twice'));
  });

  it('bounds every list of a day as its routes do, and refuses what they refuse', () => {
    expect(refusalOf(withDay((d) => { d.pistes = Array.from({ length: 65 }, (_, i) => ({ id: `S${i}`, name: String(i), final: false })); d.placements = []; }))).toBe('days.0.pistes is missing or not valid');
    expect(refusalOf(withDay((d) => { d.referees = Array.from({ length: 201 }, (_, i) => ({ id: `R${i}`, name: `Ref ${i}`, club: null, athlete_id: null })); d.placements = []; }))).toBe('days.0.referees is missing or not valid');
    expect(refusalOf(withDay((d) => { d.events = Array.from({ length: 33 }, (_, i) => ({ practice_id: `X${i}`, position: i })); }))).toBe('days.0.events is missing or not valid');
    expect(refusalOf(withDay((_d, b) => { b.days = Array.from({ length: 501 }, (_, i) => ({ ...structuredClone(day), id: `D${i}`, events: [], placements: [] })); }))).toBe('days is missing or not valid');
    expect(refusalOf(withDay((d) => { d.pistes[0]!.name = 'One\u0000'; }))).toBe('Piste name cannot contain control characters');
    expect(refusalOf(withDay((d) => { d.starts_at = '25:00'; }))).toBe('Start time must be HH:MM');
    expect(refusalOf(withDay((d) => { d.minutes = { epee: { pool: 90 } }; }))).toBe('A bout takes from 1 to 60 minutes');
    expect(refusalOf(withDay((d) => { d.date = '2026-02-30'; }))).toBe('Date must be a calendar date (YYYY-MM-DD)');
    expect(refusalOf(withDay((d) => { d.placements[0]!.flight = -1; }))).toBe('days.0.placements.0.flight is missing or not valid');
    expect(refusalOf({ ...backup, days: 'all' })).toBe('days is missing or not valid');
    // A name with a line break is kept on one line, as the day's routes keep it.
    expect(backupSchema.parse(withDay((d) => { d.name = 'Club\nopen'; d.referees[1]!.name = 'Typed\r\nRef'; })).days[0]).toMatchObject({ name: 'Club open', referees: [{}, { name: 'Typed Ref' }] });
  });
});
