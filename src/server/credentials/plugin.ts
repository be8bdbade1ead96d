import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_HEADER_SPELLINGS, AUTH_HEADERS, SERVER_TIME_HEADER } from '../../contract/auth';
import { ServerTime } from '../../contract/auth-schemas';
import type { PluginOptions } from '../plugin-options';
import type { Config } from '../config';
import { answerUnknownInScope } from '../errors';
import { registerApiKeyRoutes, sendJsonOk } from './api-key-routes';
import { CredentialVault } from './at-rest';
import { Authoriser } from './authorise';
import { serverSeconds } from './clock';
import { keyReaderFor } from './key-cache';
import { masterKeyCheckValue, openMasterKey } from './master-key';
import { deploymentId } from '../db/deployment';
import { OpenedSecrets } from './opened-secrets';
import { keepRawBodies } from './raw-body';
import { registerExchange } from '../exchange/plugin';
import { BASE_PER_UNIT } from '../exchange/units';

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
  { config, database, catalogChanged, publicRoutes = [] },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const master = await openMasterKey({
    envKey: config.SVC_MASTER_KEY,
    dataDir: config.DATA_DIR,
    db: database.db,
  });
  if (master.replaced) {
    app.log.warn(
      'the master key changed while no active API key depended on the old one: recorded the new one (a server still running with the old one can no longer create API keys: every server on one database needs the same SVC_MASTER_KEY)',
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

  const grant = Math.round(config.PAPER_COLLATERAL * BASE_PER_UNIT);
  await registerOpenApi(app, config);
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'DELETE'],
    allowedHeaders: ['Content-Type', ...AUTH_HEADER_SPELLINGS],
    exposedHeaders: [SERVER_TIME_HEADER, 'Retry-After'],
    maxAge: 600,
  });
  keepRawBodies(app);
  answerUnknownInScope(app);
  for (const routes of publicRoutes)
    await app.register(routes, { config, database, ...(catalogChanged ? { catalogChanged } : {}) });

  await registerExchange(app, {
    config,
    database,
    authoriser,
    ...(catalogChanged ? { catalogChanged } : {}),
  });

  app.get(
    '/time',
    { exposeHeadRoute: false, schema: { summary: 'Server time', response: { 200: ServerTime } } },
    async (_request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return serverSeconds();
    },
  );

  // The reference's health answer (the legacy client's `getOk`).
  app.get(
    '/',
    { exposeHeadRoute: false, schema: { summary: 'Health: "OK"', response: { 200: z.literal('OK') } } },
    async (_request, reply) => sendJsonOk(reply),
  );

  await registerApiKeyRoutes(app, {
    config,
    authoriser,
    vault,
    masterCheck: masterKeyCheckValue(master.key),
    keyReader,
    secrets,
    grant,
    deployment: await deploymentId(database.db),
  });
};

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
