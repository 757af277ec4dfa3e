import { z } from 'zod';
import { FRAME_MAX_LENGTH } from './cyrano';
import { PISTE_CODE_MAX } from './fencing/day-bridge';

/**
 * What the venue bridge sends (issue 57), bounded field by field: a delivery with the day's bridge key, a
 * report handed on to a practice's room, and the coach's table of pistes to machines.
 */

/** A delivery holds at most this many reports (the bridge sends 100). */
export const MAX_DELIVERY = 200;
/** A bridge reports on at most this many machines (a day has at most 64 pistes; strangers may announce more). */
const MAX_MACHINES = 128;

const pisteCode = z.string().max(PISTE_CODE_MAX);
const count = z.number().int().min(0).max(1e12);
const instant = z.number().int().min(0).max(4_102_444_800_000);
/** A bridge's id (a UUID it made): part of each score's idempotency key. */
const bridgeId = z.string().regex(/^[A-Za-z0-9-]{8,40}$/, { error: 'The bridge id is not valid' });
const address = z.string().max(80);

export const bridgeDeliverySchema = z.object({
  bridge: bridgeId,
  reports: z
    .array(z.object({ seq: z.number().int().min(1).max(1e12), piste: pisteCode, from: address, frame: z.string().max(FRAME_MAX_LENGTH), at: instant }))
    .max(MAX_DELIVERY),
  machines: z
    .array(z.object({ piste: pisteCode, address, online: z.boolean(), state: z.string().max(1).nullable(), loaded: z.string().max(24).nullable(), last_frame_at: instant.nullable(), confirmed: z.boolean() }))
    .max(MAX_MACHINES),
  counts: z.object({ dropped: count, ignored: count, received: count, strangers: count }),
});

/** What a piste fences now, as the day's room said it: the room of its event checks it again. */
export const pisteWorkSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pool'), pool_id: z.string().min(1).max(64) }),
  z.object({ kind: z.literal('tableau'), round: z.number().int().min(1).max(12), position: z.number().int().min(0).max(4096) }),
]);

/** What to load on a piste's machine, asked of the room of the event fenced there (the day's referee there, if any). */
export const machineMatchSchema = z.object({ work: pisteWorkSchema, piste: pisteCode.min(1), referee: z.string().max(100).nullable() });

/** One report handed to the room of the event fenced on its piste. */
export const machineReportSchema = z.object({
  work: pisteWorkSchema,
  piste: pisteCode.min(1),
  bridge: bridgeId,
  seq: z.number().int().min(1).max(1e12),
  frame: z.string().max(FRAME_MAX_LENGTH),
});

/** The coach's machine at a piste: an address on the venue's network (`core/fencing/day-bridge` `machineAddress`), or none. */
export const pisteMachineSchema = z.object({ machine: z.string().max(70).nullable() });
