import type { GuestJoinAnswer } from '../../core/contracts/guests';
import { Client, json } from './worker-client';

/** A client holding a guest session: every request carries its bearer token. */
export class GuestClient extends Client {
  token = '';
  override request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return super.request(method, path, body, this.token ? { authorization: `Bearer ${this.token}`, ...headers } : headers);
  }
}

export async function joinAsGuest(code: string, name = 'Parent') {
  const guest = new GuestClient();
  const res = await guest.api.guest.join.$post({ json: { room_code: code, guest_name: name } });
  if (res.status !== 200) throw new Error(`join failed: ${res.status} ${await res.text()}`);
  const answer = await json<GuestJoinAnswer>(res);
  guest.token = answer.sessionToken;
  return { guest, answer };
}
