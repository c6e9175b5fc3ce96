// Deterministic UUIDv5 (RFC 9562) for eval cases that arrive without a UUID id.
// SHA-1 is written out here because the core must run without node:crypto.

/** RFC 9562 URL namespace; names are "agentport:caplo-eval:<source pointer>:<case name>". */
const URL_NAMESPACE = "6ba7b811-9dad-11d1-80b4-00c04fd430c8";

export function uuidV5(name: string, namespace: string = URL_NAMESPACE): string {
  const ns = namespace.replace(/-/g, "");
  const bytes = [...Array(16)].map((_, i) => parseInt(ns.slice(i * 2, i * 2 + 2), 16));
  const hash = sha1([...bytes, ...new TextEncoder().encode(name)]);
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.slice(0, 16).map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function sha1(message: readonly number[]): number[] {
  const bytes = [...message, 0x80];
  while (bytes.length % 64 !== 56) bytes.push(0);
  const bitLength = message.length * 8;
  for (let i = 7; i >= 0; i--) bytes.push(i >= 4 ? Math.floor(bitLength / 2 ** (8 * i)) & 0xff : (bitLength >>> (8 * i)) & 0xff);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const w = new Array<number>(80);
  for (let off = 0; off < bytes.length; off += 64) {
    for (let t = 0; t < 16; t++) {
      const b = (k: number) => bytes[off + t * 4 + k] ?? 0;
      w[t] = ((b(0) << 24) | (b(1) << 16) | (b(2) << 8) | b(3)) >>> 0;
    }
    for (let t = 16; t < 80; t++) {
      const x = (w[t - 3] ?? 0) ^ (w[t - 8] ?? 0) ^ (w[t - 14] ?? 0) ^ (w[t - 16] ?? 0);
      w[t] = ((x << 1) | (x >>> 31)) >>> 0;
    }
    let [a, b, c, d, e] = h as [number, number, number, number, number];
    for (let t = 0; t < 80; t++) {
      const f = t < 20 ? (b & c) | (~b & d) : t < 40 ? b ^ c ^ d : t < 60 ? (b & c) | (b & d) | (c & d) : b ^ c ^ d;
      const k = t < 20 ? 0x5a827999 : t < 40 ? 0x6ed9eba1 : t < 60 ? 0x8f1bbcdc : 0xca62c1d6;
      const temp = (((a << 5) | (a >>> 27)) + f + e + k + (w[t] ?? 0)) >>> 0;
      e = d;
      d = c;
      c = ((b << 30) | (b >>> 2)) >>> 0;
      b = a;
      a = temp;
    }
    h[0] = ((h[0] ?? 0) + a) >>> 0;
    h[1] = ((h[1] ?? 0) + b) >>> 0;
    h[2] = ((h[2] ?? 0) + c) >>> 0;
    h[3] = ((h[3] ?? 0) + d) >>> 0;
    h[4] = ((h[4] ?? 0) + e) >>> 0;
  }
  return h.flatMap((x) => [(x >>> 24) & 0xff, (x >>> 16) & 0xff, (x >>> 8) & 0xff, x & 0xff]);
}
