import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** A Host header as browsers send it: a name or IPv4 address, or a bracketed IPv6 one, and a port. */
export const HOST_HEADER = /^[A-Za-z0-9.-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$/;

/**
 * The origin links in previews, embeds and oEmbed answers point at: PUBLIC_URL when set (a proxy in
 * front may change scheme and host), else the request's Host when well-formed, else the bind address.
 */
export function publicOrigin(request: FastifyRequest, config: Config): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL;
  const host = request.headers.host;
  if (host && HOST_HEADER.test(host)) return `${request.protocol}://${host}`;
  const bind = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return `http://${bind}:${config.PORT}`;
}
