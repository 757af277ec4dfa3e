import { count, params } from '@nanostores/i18n';
import { i18n } from '.';

/** A competition day's words (issue 28) that the coach's day screen and the hall board both show. */
export const dayTerms = i18n('day-terms', {
  pisteName: params('Piste {name}'),
  flightName: params('Flight {name}'),
  progress: params('{done}/{bouts}'),
  poolProgress: params('{done} of {bouts} bouts fenced'),
  fencerCount: count({ one: '{count} fencer', other: '{count} fencers' }),
  poolWaiting: 'waiting',
  poolFencing: 'fencing now',
  poolDone: 'done',
  finalPiste: 'final piste',
  // A pool's estimated time (issue 28's schedule): when it starts while it waits, when it ends while it fences.
  startsAbout: params('≈ {time}'),
  endsAbout: params('ends ≈ {time}'),
  poolsEndAbout: params('pools end ≈ {time}'),
  tableauAbout: params('tableau ≈ {time}'),
  clubClash: 'same club as a fencer',
  finalAbout: params('final ≈ {time}'),
  flight: 'Flight',
  notPlaced: 'not placed yet',
  noPoolOnPiste: 'No pool on this piste.',
  events: 'Events',
  // A match called to a piste (issue 28): on the fencer's page, the event's tableau.
  calledTo: params('Called to piste {piste}'),
  onPisteAt: params('On piste {piste}'),
  fencersOnPiste: 'Fencers on piste',
  deleted: 'This competition day was deleted.',
  refused: 'Live updates of this day are paused',
});
