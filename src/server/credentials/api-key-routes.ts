import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { HEADER_FORMATS } from '../../contract/auth';
import {
  ApiKeyCredentials,
  ApiKeyList,
  CreateKeyBody,
  RevokedApiKey,
  RevokeQuery,
} from '../../contract/auth-schemas';
import { ErrorBodySchema } from '../../contract/errors';
import type { Config } from '../config';
import { ReplyError } from '../errors';
import { pathOf } from '../request-path';
import { CredentialVault } from './at-rest';
import type { Authoriser } from './authorise';
import type { KeyReader } from './key-cache';
import { insertApiKeyWithinLimit, revokeKey } from './key-store';
import { sealUnderRecordedKey } from './master-key';
import type { OpenedSecrets } from './opened-secrets';
import { registerRateLimit } from './rate-limit';
import { credit } from '../exchange/ledger/funding';
import { serverSeconds } from './clock';

/**
 * The API-key routes (docs/api.md §5), each mounted at our path and at the reference clients' path
 * (§9): one handler per action, so both paths behave alike, share the rate limit and the single-use rules.
 * The L2 signature covers the path as requested, so an alias path signs as the alias.
 */
export const KEY_PATHS = {
  create: ['/api-keys', '/auth/api-key'],
  list: ['/api-keys', '/auth/api-keys'],
  revoke: ['/api-keys', '/auth/api-key'],
  /** The reference derives a key's secret again; here a secret is shown once (§9). */
  derive: '/auth/derive-api-key',
} as const;

/** Every path the rate limit counts, whatever the method (OPTIONS aside). */
const COUNTED_PATHS = [
  ...new Set([...KEY_PATHS.create, ...KEY_PATHS.list, ...KEY_PATHS.revoke, KEY_PATHS.derive]),
];

/** POST /api-keys answers 201 as it always has; the reference's clients expect their path to answer 200. */
const CREATED_STATUS: Record<(typeof KEY_PATHS.create)[number], 200 | 201> = {
  '/api-keys': 201,
  '/auth/api-key': 200,
};

export interface ApiKeyRouteDeps {
  config: Config;
  authoriser: Authoriser;
  vault: CredentialVault;
  /** The check value of the master key the vault seals with (master-key.ts). */
  masterCheck: string;
  keyReader: KeyReader;
  secrets: OpenedSecrets;
  /** Paper collateral (base units) granted with an address's first key; 0: none. */
  grant: number;
  /** This database's deployment id (db/deployment.ts), which names its rate-limit keys in Redis. */
  deployment: string;
}

const errors = { 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 429: ErrorBodySchema };

/** Registers the key routes in a scope of their own, so the rate limit covers exactly these (not OPTIONS). */
export async function registerApiKeyRoutes(app: FastifyInstance, deps: ApiKeyRouteDeps): Promise<void> {
  await app.register(async (scope) => {
    await registerRateLimit(scope, deps.config, deps.deployment);
    countOtherMethods(scope, deps.config.CLOB_BASE);
    const keys = scope.withTypeProvider<ZodTypeProvider>();
    const { createKey, listKeys, revokeKeyOf } = handlers(deps);

    for (const url of KEY_PATHS.create) {
      const status = CREATED_STATUS[url];
      keys.post(
        url,
        {
          exposeHeadRoute: false,
          schema: {
            summary: `Create an API key (Level 1); the secret and passphrase are shown only here${url === '/api-keys' ? '; an optional body names it and makes it a session key' : ' (the reference clients’ path: 200 instead of 201)'}`,
            security: [{ L1: [] }],
            ...(url === '/api-keys' ? { body: CreateKeyBody.nullish() } : {}),
            response: { [status]: ApiKeyCredentials, 400: ErrorBodySchema, ...errors, 503: ErrorBodySchema },
          },
        },
        (request, reply) => createKey(request, reply, status),
      );
    }

    for (const url of KEY_PATHS.list) {
      keys.get(
        url,
        {
          exposeHeadRoute: false,
          schema: {
            summary: 'The active API keys of the address, oldest first (Level 1 or Level 2)',
            security: [{ L1: [] }, { L2: [] }],
            response: { 200: ApiKeyList, ...errors },
          },
          // The list is the hot path of L2 clients: written directly instead of through zod.
          serializerCompiler: (route) =>
            route.httpStatus === '200'
              ? serializeKeyList
              : serializerCompiler(route as unknown as Parameters<typeof serializerCompiler>[0]),
        },
        (request, reply) => listKeys(request, reply, url === '/api-keys'),
      );
    }

    for (const url of KEY_PATHS.revoke) {
      // The reference SDK reads its revoke answer as the JSON string "OK" (and throws on anything
      // else), so the reference's path answers that; ours keeps its body (docs/api.md §9).
      const ours = url === '/api-keys';
      keys.delete(
        url,
        {
          schema: {
            summary: `Revoke a key: ?apiKey= with Level 1 or Level 2 (a key of the same owner); with Level 2 and no query, the signing key${ours ? '' : ' (the reference clients’ path: answers "OK")'}`,
            security: [{ L1: [] }, { L2: [] }],
            querystring: RevokeQuery,
            response: { 200: ours ? RevokedApiKey : z.literal('OK'), ...errors },
          },
        },
        async (request, reply) => {
          const revoked = await revokeKeyOf(request, request.query, url);
          return ours ? revoked : sendJsonOk(reply as FastifyReply);
        },
      );
    }

    keys.get(
      KEY_PATHS.derive,
      {
        exposeHeadRoute: false,
        schema: {
          summary: 'Always 404: a secret is shown once, so keys cannot be derived again; create one instead',
          response: { 404: ErrorBodySchema, 429: ErrorBodySchema },
        },
      },
      async () => {
        throw new ReplyError(
          'NOT_FOUND',
          'API keys cannot be derived here: a key’s secret is shown once, when the key is created, and never again. Create a key instead with POST /auth/api-key (or POST /api-keys), and keep its secret and passphrase.',
        );
      },
    );
  });
}

function handlers({ authoriser, vault, masterCheck, keyReader, secrets, grant }: ApiKeyRouteDeps) {
  return {
    async createKey(request: FastifyRequest, reply: FastifyReply, status: 200 | 201) {
      const options = (request.body ?? {}) as CreateKeyBody;
      const auth = await authoriser.authenticate(request, {
        l2: false,
        what: 'Creating an API key',
        changesState: true,
      });
      const { credentials, secretBytes } = CredentialVault.generate();
      const sealed = vault.seal(credentials.apiKey, auth.address, credentials.passphrase, secretBytes);
      let replaced: string | null = null;
      try {
        await authoriser.run(auth, async (db) => {
          await sealUnderRecordedKey(db, masterCheck);
          ({ replaced } = await insertApiKeyWithinLimit(
            db,
            {
              apiKey: credentials.apiKey,
              address: auth.address,
              ...sealed,
              label: options.label ?? null,
              expiresAt:
                options.expiresIn === undefined
                  ? null
                  : new Date((serverSeconds() + options.expiresIn) * 1000),
            },
            options.replaceOldest === true,
          ));
          // Paper collateral once per address, with its first key, in the same transaction.
          if (grant > 0) await credit(db, auth.address, grant, 'grant', serverSeconds());
        });
      } finally {
        keyReader.changed(auth.address, ...(replaced === null ? [] : [replaced]));
        if (replaced !== null) secrets.forget(replaced);
      }
      void reply.header('Cache-Control', 'no-store');
      return reply.status(status).send(credentials);
    },

    /** `detailed`: our path, which adds each key's label and dates. */
    async listKeys(request: FastifyRequest, reply: FastifyReply, detailed: boolean) {
      const auth = await authoriser.authenticate(request, {
        l2: true,
        what: 'Listing API keys',
        changesState: false,
      });
      const keys = await authoriser.run(auth, (db) => keyReader.listActive(db, auth.address));
      void reply.header('Cache-Control', 'no-store');
      const apiKeys = keys.map((k) => k.apiKey);
      if (!detailed) return { apiKeys };
      return {
        apiKeys,
        keys: keys.map((k) => ({
          apiKey: k.apiKey,
          label: k.label,
          createdAt: k.createdAt.toISOString(),
          expiresAt: k.expiresAt?.toISOString() ?? null,
        })),
      };
    },

    async revokeKeyOf(request: FastifyRequest, query: RevokeQuery, url: string) {
      const auth = await authoriser.authenticate(request, {
        l2: true,
        what: 'Revoking an API key',
        changesState: true,
      });
      const target = query.apiKey?.toLowerCase() ?? (auth.level === 2 ? auth.apiKey : undefined);
      if (!target) {
        throw new ReplyError(
          'INVALID_PARAMETER',
          `apiKey: required with Level 1 authentication; send DELETE ${url}?apiKey=<the key to revoke>.`,
        );
      }
      try {
        await authoriser.run(auth, async (db) => {
          if (!(await revokeKey(db, target, auth.address))) {
            throw new ReplyError(
              'API_KEY_NOT_FOUND',
              `${target} is not an active API key of this address; list yours with GET /api-keys.`,
            );
          }
        });
      } finally {
        keyReader.changed(auth.address, target);
        secrets.forget(target);
      }
      return { apiKey: target, revoked: true as const };
    },
  };
}

/**
 * Every other method on a key path is answered 405 by the app's not-found handler, and counts against
 * the limit like every request to these paths (docs/api.md §5; OPTIONS is the CORS preflight's). The
 * routes are wildcards, which the app's 405 detection takes for catch-alls, so they add no method to a
 * path's Allow list; they are exempt from the scope's limit and count only the key paths themselves
 * (percent-encoded or not), so /api-keys/x, /auth/other and the like stay uncounted 404s.
 */
function countOtherMethods(scope: FastifyInstance, clobBase: string): void {
  const count = scope.rateLimit();
  const counted = new Set(COUNTED_PATHS.map((path) => `${clobBase}${path}`));
  for (const url of ['/api-keys*', '/auth/*']) {
    scope.route({
      method: scope.supportedMethods.filter((m) => m !== 'OPTIONS'),
      url,
      exposeHeadRoute: false,
      schema: { hide: true },
      config: { rateLimit: false },
      onRequest: async (request, reply) => {
        if (counted.has(decodedPathOf(request.url))) await count.call(scope, request, reply);
      },
      handler: (_request, reply) => reply.callNotFound(),
    });
  }
}

/** The path without the query string, percent-decoded as the router matches it (`/api%2Dkeys`). */
function decodedPathOf(url: string): string {
  const path = pathOf(url);
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The 200 body of GET /api-keys, the same as the zod serializer writes for ApiKeyList (only the
 * `apiKeys` field, every entry checked to be a UUID) at a fraction of its cost.
 */
export function serializeKeyList(value: unknown): string {
  const { apiKeys, keys } = (value ?? {}) as Partial<ApiKeyList>;
  if (!Array.isArray(apiKeys)) throw new Error('GET /api-keys: the response has no key list.');
  for (const key of apiKeys) {
    if (typeof key !== 'string' || !HEADER_FORMATS.uuid.test(key)) {
      throw new Error('GET /api-keys: the response lists something that is not an API key.');
    }
  }
  // The details (our path) are the server's own rows; zod checks them, off the reference's hot path.
  return keys === undefined
    ? JSON.stringify({ apiKeys })
    : JSON.stringify(ApiKeyList.parse({ apiKeys, keys }));
}

/** The reference's `"OK"` answer, as JSON: Fastify would send a returned string as it is. */
export function sendJsonOk(reply: FastifyReply): FastifyReply {
  return reply.type('application/json; charset=utf-8').send('"OK"');
}
