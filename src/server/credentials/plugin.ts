import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../app';

/** Placeholder: filled in by its issue. */
export const credentialsPlugin: FastifyPluginAsync<PluginOptions> = async () => {};
