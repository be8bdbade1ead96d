import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTH_HEADERS, HEADER_FORMATS, SERVER_TIME_HEADER } from '../../contract/auth';
import {
  ApiKeyCredentials,
  ApiKeyList,
  RevokedApiKey,
  RevokeQuery,
  ServerTime,
} from '../../contract/auth-schemas';
import { ErrorBodySchema } from '../../contract/errors';
import type { Config } from '../config';
import { ReplyError, answerUnknownInScope } from '../errors';
import type { PluginOptions } from '../plugin-options';
import { pathOf } from '../request-path';
import { CredentialVault } from './at-rest';
import { Authoriser } from './authorise';
import { serverSeconds } from './clock';
import { keyReaderFor } from './key-cache';
import { insertApiKeyWithinLimit, revokeKey } from './key-store';
import { openMasterKey } from './master-key';
import { OpenedSecrets } from './opened-secrets';
import { registerRateLimit } from './rate-limit';
import { keepRawBodies } from './raw-body';

export interface TradingPluginOptions extends PluginOptions {
  /**
   * Public routes app.ts serves in this interface's scope (the price history): under its prefix, in
   * its OpenAPI document, its unknown paths answered alike.
   */
  publicRoutes?: FastifyPluginAsync<PluginOptions>[];
}

/** The trading interface (docs/api.md §1–§5, §7), mounted at config.CLOB_BASE. */
export const credentialsPlugin: FastifyPluginAsync<TradingPluginOptions> = async (
  instance,
  { config, database, publicRoutes = [] },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const master = await openMasterKey({
    envKey: config.SVC_MASTER_KEY,
    dataDir: config.DATA_DIR,
    db: database.db,
  });
  if (master.replaced) {
    app.log.warn(
      'the master key changed while no active API key depended on the old one: recorded the new one',
    );
  }
  const vault = new CredentialVault(master.key);
  const keyReader = keyReaderFor(database);
  const secrets = new OpenedSecrets(vault);
  const authoriser = new Authoriser({
    db: database.db,
    keys: keyReader,
    secrets,
    clobBase: config.CLOB_BASE,
    chainId: config.CHAIN_ID,
    l1DomainName: config.L1_DOMAIN_NAME,
    onPruneError: (err) => app.log.warn({ err }, 'pruning used signatures failed'),
  });

  await registerOpenApi(app, config);
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'DELETE'],
    allowedHeaders: ['Content-Type', ...Object.values(AUTH_HEADERS)],
    exposedHeaders: [SERVER_TIME_HEADER, 'Retry-After'],
    maxAge: 600,
  });
  keepRawBodies(app);
  answerUnknownInScope(app);
  for (const routes of publicRoutes) await app.register(routes, { config, database });

  app.get(
    '/time',
    { exposeHeadRoute: false, schema: { summary: 'Server time', response: { 200: ServerTime } } },
    async (_request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return serverSeconds();
    },
  );

  // /api-keys in its own scope, so the rate limit covers exactly these routes (not OPTIONS).
  await app.register(async (scope) => {
    await registerRateLimit(scope, config);
    const keys = scope.withTypeProvider<ZodTypeProvider>();
    const errors = { 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 429: ErrorBodySchema };

    // Every other method on /api-keys is answered 405 by the app's not-found handler, and counts
    // against the limit like every request to /api-keys (docs/api.md §5; OPTIONS is the CORS preflight's).
    // The route is a wildcard, which the app's 405 detection takes for a catch-all, so it adds
    // no method to the path's Allow list; it is exempt from the scope's limit, and counts itself
    // only /api-keys (percent-encoded or not), so /api-keys/x and the like stay uncounted 404s.
    const countApiKeysRequest = scope.rateLimit();
    const apiKeysPath = `${config.CLOB_BASE}/api-keys`;
    keys.route({
      method: scope.supportedMethods.filter((m) => !['GET', 'POST', 'DELETE', 'OPTIONS'].includes(m)),
      url: '/api-keys*',
      exposeHeadRoute: false,
      schema: { hide: true },
      config: { rateLimit: false },
      onRequest: async (request, reply) => {
        if (decodedPathOf(request.url) === apiKeysPath) await countApiKeysRequest.call(scope, request, reply);
      },
      handler: (_request, reply) => reply.callNotFound(),
    });

    keys.post(
      '/api-keys',
      {
        exposeHeadRoute: false,
        schema: {
          summary: 'Create an API key (Level 1); the secret and passphrase are shown only here',
          security: [{ L1: [] }],
          response: { 201: ApiKeyCredentials, ...errors },
        },
      },
      async (request, reply) => {
        const auth = await authoriser.authenticate(request, {
          l2: false,
          what: 'Creating an API key',
          changesState: true,
        });
        const { credentials, secretBytes } = CredentialVault.generate();
        const sealed = vault.seal(credentials.apiKey, auth.address, credentials.passphrase, secretBytes);
        try {
          await authoriser.run(auth, (db) =>
            insertApiKeyWithinLimit(db, { apiKey: credentials.apiKey, address: auth.address, ...sealed }),
          );
        } finally {
          keyReader.changed(auth.address);
        }
        void reply.header('Cache-Control', 'no-store');
        return reply.status(201).send(credentials);
      },
    );

    keys.get(
      '/api-keys',
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
      async (request, reply) => {
        const auth = await authoriser.authenticate(request, {
          l2: true,
          what: 'Listing API keys',
          changesState: false,
        });
        const apiKeys = await authoriser.run(auth, (db) => keyReader.listActive(db, auth.address));
        void reply.header('Cache-Control', 'no-store');
        return { apiKeys };
      },
    );

    keys.delete(
      '/api-keys',
      {
        schema: {
          summary:
            'Revoke a key: ?apiKey= with Level 1 or Level 2 (a key of the same owner); with Level 2 and no query, the signing key',
          security: [{ L1: [] }, { L2: [] }],
          querystring: RevokeQuery,
          response: { 200: RevokedApiKey, ...errors },
        },
      },
      async (request) => {
        const auth = await authoriser.authenticate(request, {
          l2: true,
          what: 'Revoking an API key',
          changesState: true,
        });
        const target = request.query.apiKey?.toLowerCase() ?? (auth.level === 2 ? auth.apiKey : undefined);
        if (!target) {
          throw new ReplyError(
            'INVALID_PARAMETER',
            'apiKey: required with Level 1 authentication; send DELETE /api-keys?apiKey=<the key to revoke>.',
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
    );
  });
};

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
  const apiKeys = (value as Partial<ApiKeyList> | null)?.apiKeys;
  if (!Array.isArray(apiKeys)) throw new Error('GET /api-keys: the response has no key list.');
  for (const key of apiKeys) {
    if (typeof key !== 'string' || !HEADER_FORMATS.uuid.test(key)) {
      throw new Error('GET /api-keys: the response lists something that is not an API key.');
    }
  }
  return JSON.stringify({ apiKeys });
}

/** GET {clob_url}/openapi.json, generated from the routes' zod schemas. */
async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  const headerScheme = (name: string, description: string) => ({
    type: 'apiKey' as const,
    in: 'header' as const,
    name,
    description,
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Marketdesk trading interface',
        version: '1.0.0',
        description: `API keys with two-level authentication. L1: SVC_ADDRESS, SVC_TIMESTAMP, SVC_NONCE and SVC_SIGNATURE (EIP-712 ClobAuth, domain name ${JSON.stringify(config.L1_DOMAIN_NAME)}, single use). L2: SVC_API_KEY, SVC_TIMESTAMP, SVC_PASSPHRASE and SVC_SIGNATURE (HMAC-SHA256 over timestamp + method + path + body; a request that changes state is single use).`,
      },
      servers: [{ url: config.CLOB_BASE }],
      components: {
        securitySchemes: {
          L1: headerScheme(
            AUTH_HEADERS.signature,
            'Level 1: with SVC_ADDRESS, SVC_TIMESTAMP (unix seconds) and SVC_NONCE (decimal); the EIP-712 signature of the ClobAuth typed data.',
          ),
          L2: headerScheme(
            AUTH_HEADERS.apiKey,
            'Level 2: with SVC_TIMESTAMP, SVC_PASSPHRASE and SVC_SIGNATURE (base64url HMAC-SHA256 keyed by the secret).',
          ),
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/openapi.json', { exposeHeadRoute: false, schema: { hide: true } }, async () => app.swagger());
}
