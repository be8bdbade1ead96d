import type { z } from 'zod';
import type { L1Headers } from '../../../contract/auth';
import { type ApiCredentials, createL2Headers } from '../../../contract/auth-l2';
import { config } from '../config';
import { ApiKeyCredentials, RevokedApiKey } from '../../../contract/auth-schemas';
import { ClobError, type ClobRequest, clobRequest } from './clob-request';
import { getServerTime } from './get-server-time';
import { ServerClock, withServerTime } from './server-clock';

/**
 * The dashboard's session key (docs/api.md §5): made with one L1 signature the first time a visit needs
 * Level 2, then held in this module's memory only. Never in localStorage, sessionStorage, the URL, a
 * query cache or a log: a reload forgets it, and revokes it on the server (below); otherwise the key
 * ends there after SESSION_SECONDS.
 */
export const SESSION_LABEL = 'Dashboard session';
export const SESSION_SECONDS = 86_400;

export interface Session {
  /** The wallet address that owns the key, lower case. */
  address: string;
  credentials: ApiCredentials;
  /** When the server ends the key (ms, this computer's clock; a minute early to be safe). */
  endsAt: number;
}

let held: Session | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** The server's clock, shared by every signed request of the visit. */
export const serverClock = new ServerClock(getServerTime);

/** The session held for `address` (any case), unless it has ended. */
export function sessionFor(address: string | undefined, now = Date.now()): Session | null {
  if (!held || !address || held.address !== address.toLowerCase()) return null;
  return held.endsAt > now ? held : null;
}

/** The session held now, whoever owns it (for useSyncExternalStore). */
export const heldSession = (): Session | null => held;

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** POST /api-keys with L1 and the session body; the answer is held, never returned to a cache. */
export async function openSession(address: string, headers: L1Headers, now = Date.now()): Promise<Session> {
  const credentials = await clobRequest(ApiKeyCredentials, {
    method: 'POST',
    path: '/api-keys',
    headers,
    // Each visit makes its own session key: at the key limit the oldest session key gives way, so ten
    // reloads cannot lock trading out for a day (never a key the person made: another label).
    body: JSON.stringify({ label: SESSION_LABEL, expiresIn: SESSION_SECONDS, replaceOldest: true }),
  });
  held = { address: address.toLowerCase(), credentials, endsAt: now + (SESSION_SECONDS - 60) * 1000 };
  keepFarewell(held);
  changed();
  return held;
}

/** Forgets the session here (the server still ends it when its time is up); given one, only if it is still held. */
export function forgetSession(session?: Session): void {
  if (!held || (session && held !== session)) return;
  held = null;
  keepFarewell(null);
  changed();
}

/**
 * A tab that is closed or reloaded revokes its session key on the server, rather than leave it valid for
 * a day and listed on the Keys page (a trial's reloads filled the list in half an hour). A closing page
 * cannot wait for a signature, so the revoke (DELETE /api-keys, Level 2) is signed ahead, again every
 * FAREWELL_EVERY_MS to stay inside the server's time window, and sent with `keepalive` so that it outlives
 * the page. A page kept for the back button (`persisted`) keeps its key: it may come back.
 */
const FAREWELL_EVERY_MS = 20_000;
let farewell: { session: Session; headers: Record<string, string> } | null = null;
let farewellTimer: ReturnType<typeof setInterval> | undefined;

async function signFarewell(session: Session): Promise<void> {
  const headers = await createL2Headers(session.credentials, {
    method: 'DELETE',
    path: '/api-keys',
    timestamp: await serverClock.now(),
    address: session.address,
  });
  const sent = Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined);
  if (held === session) farewell = { session, headers: Object.fromEntries(sent) };
}

function keepFarewell(session: Session | null): void {
  clearInterval(farewellTimer);
  farewell = null;
  if (!session) return;
  const sign = () => void signFarewell(session).catch(() => {});
  sign();
  farewellTimer = setInterval(sign, FAREWELL_EVERY_MS);
}

if (typeof window !== 'undefined')
  window.addEventListener('pagehide', (event) => {
    if (event.persisted || !farewell || held !== farewell.session) return;
    void fetch(`${config.clobUrl}/api-keys`, {
      method: 'DELETE',
      headers: farewell.headers,
      keepalive: true,
      credentials: 'omit',
      cache: 'no-store',
    }).catch(() => {});
  });

/**
 * Whether the server refused the session key as ended: expired before this tab expected (another
 * clock), or revoked elsewhere (the Keys page, another tab). A new session fixes it; nothing was done.
 */
export function sessionEnded(error: unknown): boolean {
  return (
    error instanceof ClobError &&
    error.status === 401 &&
    (error.code === 'API_KEY_REVOKED' || error.code === 'API_KEY_UNKNOWN')
  );
}

/** The last L2 timestamp used: state-changing requests are single-use, so two in one second differ. */
let lastTimestamp = 0;

/**
 * One Level-2 request signed with the session key at the server's time. `path` is what L2 signs
 * (query excluded, docs/api.md §3); `body` is sent exactly as signed.
 */
export async function sessionRequest<T>(
  schema: z.ZodType<T>,
  session: Session,
  request: Omit<ClobRequest, 'headers'>,
): Promise<T> {
  return withServerTime(serverClock, async (serverNow) => {
    const timestamp = serverNow > lastTimestamp ? serverNow : Math.min(lastTimestamp + 1, serverNow + 30);
    lastTimestamp = timestamp;
    const headers = await createL2Headers(session.credentials, {
      method: request.method,
      path: request.path,
      timestamp,
      address: session.address,
      ...(request.body !== undefined ? { body: request.body } : {}),
    });
    return clobRequest(schema, { ...request, headers: { ...headers } });
  });
}

/** "End session": DELETE /api-keys with L2 revokes the key that signs it; then it is forgotten here. */
export async function endSession(session: Session): Promise<void> {
  try {
    await sessionRequest(RevokedApiKey, session, { method: 'DELETE', path: '/api-keys' });
  } catch (error) {
    // Already ended or revoked on the server: nothing left to end. Anything else (offline…) keeps it, to retry.
    if (!(error instanceof ClobError && (error.status === 401 || error.status === 404))) throw error;
  }
  if (held === session) forgetSession();
}
