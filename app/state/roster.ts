import { call, client } from '../lib/api';
import { useResource } from '../lib/use-resource';

const loadRoster = () => call(client.athletes.$get());

/** The coach's roster, as every screen that lists or picks athletes loads it; `onError` once per failed load. */
export const useRoster = (onError?: (e: unknown) => void) => useResource('roster', loadRoster, onError);
