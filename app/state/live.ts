import { getDefaultStore } from 'jotai';
import { useEffect } from 'react';
import { paths } from '../../core/api';
import type { LiveMessage } from '../../core/live';
import { toast } from '../components/ui/toast';
import { openLive } from '../lib/live';
import { applyBracket, loadBracket } from './bracket';
import { applySheet, applyTeams, loadTeams } from './teams';
import { applyPoolList, applyPoolSnapshot, liveStatusAtom, loadPools, removePoolLocally } from './pools';
import { removePractice, upsertPractice } from './practices';

const store = getDefaultStore();

function handle(practiceId: string, msg: LiveMessage) {
  switch (msg.type) {
    case 'pool':
      return applyPoolSnapshot(practiceId, msg.pool);
    case 'pools':
      return applyPoolList(practiceId, msg.pools);
    case 'pool-deleted':
      return removePoolLocally(practiceId, msg.poolId);
    case 'bracket':
      return applyBracket(practiceId, msg.bracket);
    case 'teams':
      return applyTeams(practiceId, msg.teams);
    case 'team-sheet':
      return applySheet(practiceId, msg.rows);
    case 'practice':
      return upsertPractice(msg.practice);
    case 'practice-deleted':
      return removePractice(msg.practiceId);
    default:
      return undefined;
  }
}

/** Keeps the current practice's data live: one socket, reloading everything it shows on each (re)connect. */
export function useLivePractice(practiceId: string) {
  useEffect(() => {
    const reload = () => Promise.all([loadPools(practiceId), loadBracket(practiceId), loadTeams(practiceId)]).then((ok) => ok.every(Boolean));
    void reload();
    return openLive({
      url: paths.live(practiceId),
      onMessage: (msg) => handle(practiceId, msg),
      // A write that landed while the socket was down (or before it opened) is picked up here.
      onOpen: () => {
        void reload().then((ok) => {
          if (!ok) toast({ title: 'Warning', description: 'Failed to refresh data. Showing last known state.', variant: 'destructive' });
        });
      },
      onStatus: (status) => store.set(liveStatusAtom, status),
    });
  }, [practiceId]);
}
