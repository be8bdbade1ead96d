import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../app';

/** Placeholder: filled in by its issue. */
export const catalogPlugin: FastifyPluginAsync<PluginOptions> = async () => {};
