// node:crypto, loaded on first use: only a folder run's path claims digest what they write, and the
// module (with the streams it loads) was about a tenth of a one-file CLI start (docs/performance.md,
// session 18).
import { createRequire } from "node:module";

type Crypto = typeof import("node:crypto");
let crypto: Crypto | undefined;
const load = (): Crypto => (crypto ??= createRequire(import.meta.url)("node:crypto") as Crypto);

/** The SHA-1 of a text, as hex. */
export const sha1Hex = (text: string): string => load().createHash("sha1").update(text).digest("hex");
