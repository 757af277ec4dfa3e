import { describeError } from '../../core/messages';
import { localError } from './errors';

/**
 * Any English message of core/ (a schema's rule, a file's problem) in the viewer's language, found by its
 * text in core/messages. Loaded only with the screens that check forms or read files, never on a first paint.
 */
export function localMessage(message: string): string {
  const described = describeError(message);
  return localError(message, described?.code, described?.params);
}
