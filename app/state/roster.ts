import { compareNames } from '../../core/names';
import { locale } from '../i18n';
import { call, client } from '../lib/api';
import { useResource } from '../lib/use-resource';

/** Issue 32: the roster in the coach's language's order (the server sorts by code points: Ørsted after Zoë). */
const loadRoster = () => call(client.athletes.$get()).then((list) => {
  const compare = compareNames(locale.get());
  return list.sort((a, b) => compare(a.name, b.name));
});

/** The coach's roster, as every screen that lists or picks athletes loads it; `onError` once per failed load. */
export const useRoster = (onError?: (e: unknown) => void) => useResource('roster', loadRoster, onError);
