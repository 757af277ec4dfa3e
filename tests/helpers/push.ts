/**
 * A phone's side of Web Push for the tests (issue 28), on WebCrypto (workerd and Node alike): a subscription
 * to the local stand-in, as the app makes one under PUSH_STANDIN, and the decryption of what the stand-in
 * received, as a browser does it for the `aesgcm` encoding (draft-ietf-webpush-encryption-04: ECDH with the
 * sender's key, HKDF with the auth secret, then the salt; the plaintext after its padding).
 */
const b64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromB64url = (s: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** What a subscriber keeps: the private key (JWK) and the auth secret; the server gets the rest. */
export interface Subscriber {
  endpoint: string;
  p256dh: string;
  auth: string;
  privateJwk: JsonWebKey;
}

export async function standinSubscriber(name = crypto.randomUUID()): Promise<Subscriber> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const raw = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  return {
    endpoint: `https://push.standin.invalid/${name}`,
    p256dh: b64url(raw),
    auth: b64url(crypto.getRandomValues(new Uint8Array(16))),
    privateJwk: (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey,
  };
}

type Bytes = Uint8Array<ArrayBuffer>;

async function hkdf(salt: Bytes, ikm: Bytes, info: Bytes, bytes: number): Promise<Bytes> {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
}

const concat = (...parts: Bytes[]): Bytes => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), (at += p.length));
  return out;
};

/** A push the stand-in received: the encryption's salt and the sender's key (its headers), and the body, base64url. */
export interface ReceivedPush {
  salt: string;
  dh: string;
  body: string;
}

/** The push a subscriber received, decrypted and parsed. */
export async function decryptPush<T = unknown>(sub: Pick<Subscriber, 'p256dh' | 'auth' | 'privateJwk'>, push: ReceivedPush): Promise<T> {
  const senderRaw = fromB64url(push.dh);
  const receiverRaw = fromB64url(sub.p256dh);
  const privateKey = await crypto.subtle.importKey('jwk', sub.privateJwk, { name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
  const sender = await crypto.subtle.importKey('raw', senderRaw, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const shared = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: sender }, privateKey, 256));
  const text = new TextEncoder();
  const ikm = await hkdf(fromB64url(sub.auth), shared, text.encode('Content-Encoding: auth\0'), 32);
  const context = concat(text.encode('P-256\0'), new Uint8Array([0, receiverRaw.length]), receiverRaw, new Uint8Array([0, senderRaw.length]), senderRaw);
  const salt = fromB64url(push.salt);
  const cek = await hkdf(salt, ikm, concat(text.encode('Content-Encoding: aesgcm\0'), context), 16);
  const nonce = await hkdf(salt, ikm, concat(text.encode('Content-Encoding: nonce\0'), context), 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, fromB64url(push.body)));
  // Two bytes give the padding's length, then the padding, then the message.
  const pad = (padded[0]! << 8) | padded[1]!;
  return JSON.parse(new TextDecoder().decode(padded.slice(2 + pad))) as T;
}
