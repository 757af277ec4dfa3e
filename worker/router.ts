import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** How many paths an app remembers the match of before it starts again (a few hundred practices' screens). */
const REMEMBERED = 2_048;
/**
 * The longest path remembered: our longest address (a fencer's link to an athlete: three ids in it) is
 * under 150 characters, and a longer one is matched each time, so strangers' long paths never fill memory.
 */
const LONGEST_REMEMBERED = 256;

/**
 * Hono's trie router, remembering the match of each method and path it saw. Hono's faster RegExpRouter
 * refuses our routes (a practice's `/:poolId` beside its `/generate` and `/latecomers`), and the trie searches
 * its whole tree on every request; yet a screen sends the same few paths again and again (each score of a
 * pool goes to the same address). A match depends on the method and path only and is never changed by Hono,
 * so an answer once found serves every later request of that path. Routes are all added before the first
 * request; an added route forgets what was remembered all the same.
 */
export class RememberingRouter<T> implements Router<T> {
  readonly name = 'RememberingRouter';
  readonly #trie = new TrieRouter<T>();
  readonly #seen = new Map<string, Result<T>>();

  /** How many matches are remembered now. */
  get remembered(): number {
    return this.#seen.size;
  }

  add(method: string, path: string, handler: T): void {
    this.#seen.clear();
    this.#trie.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > LONGEST_REMEMBERED) return this.#trie.match(method, path);
    const key = `${method} ${path}`;
    let found = this.#seen.get(key);
    if (found === undefined) {
      found = this.#trie.match(method, path);
      if (this.#seen.size >= REMEMBERED) this.#seen.clear();
      this.#seen.set(key, found);
    }
    return found;
  }
}
