import type { Context } from 'hono';

/**
 * Where a request comes from, as the limiters count it (issue 25): networks, not addresses. One home
 * connection owns a whole IPv6 /64 (2^64 addresses), so an IPv6 client is its /64, with a ceiling on its
 * /48 (a site's allocation); an IPv4 client is its address, with a ceiling on its /24.
 */
export interface Network {
  /** The unit every limit counts: an IPv4 address or an IPv6 /64. */
  net: string;
  /** The ceiling above it: an IPv4 /24 or an IPv6 /48. */
  block: string;
}

/** The eight 16-bit groups of an IPv6 address (as numbers), or null when it is not one. */
function ipv6Groups(text: string): number[] | null {
  let address = text.toLowerCase().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  // An embedded IPv4 tail (::ffff:192.0.2.1) becomes its two groups.
  const v4 = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (v4) {
    const bytes = ipv4Bytes(v4[2]!);
    if (!bytes) return null;
    address = `${v4[1]}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

function ipv4Bytes(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number);
}

const hex = (groups: number[]) => groups.map((g) => g.toString(16)).join(':');

/** The network and block an address belongs to; anything unreadable is counted as itself (bounded). */
export function networkOf(address: string): Network {
  const v4 = ipv4Bytes(address);
  if (v4) return { net: `4:${v4.join('.')}`, block: `4:${v4.slice(0, 3).join('.')}` };
  const v6 = ipv6Groups(address);
  if (v6) {
    // An IPv4-mapped address (::ffff:a.b.c.d) is the IPv4 client it carries.
    if (v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff) {
      const bytes = [v6[6]! >> 8, v6[6]! & 255, v6[7]! >> 8, v6[7]! & 255];
      return { net: `4:${bytes.join('.')}`, block: `4:${bytes.slice(0, 3).join('.')}` };
    }
    return { net: `6:${hex(v6.slice(0, 4))}::/64`, block: `6:${hex(v6.slice(0, 3))}::/48` };
  }
  const other = `x:${address.slice(0, 64)}`;
  return { net: other, block: other };
}

/** The client's address as Cloudflare reports it ('local' where nothing does, as under `wrangler dev`). */
export function clientAddress(c: Context) {
  return c.req.header('cf-connecting-ip') ?? 'local';
}

/** The network of the client of a request. */
export const clientNetwork = (c: Context): Network => networkOf(clientAddress(c));
