import { networkInterfaces } from 'node:os';
import type { Config } from './env.ts';

/** The Vite development server of `npm run dev`, which proxies /api to this server. */
const VITE_DEV_PORT = 5173;

/**
 * The origins whose pages may make changes (sign up, save a squad...): our own origin check and
 * better-auth's use this one list. In production: PUBLIC_URL and TRUSTED_ORIGINS. Elsewhere
 * also every address a development server prints and can be opened at: localhost, 127.0.0.1,
 * [::1] and each network interface's address, at the listening port and at Vite's.
 */
export function trustedOrigins(config: Config, listeningPort: number = config.PORT): string[] {
  const configured = [preferredOrigin(config), ...config.TRUSTED_ORIGINS];
  if (config.NODE_ENV === 'production') return unique(configured);
  const hosts = ['localhost', ...interfaceAddresses()];
  const ports = [listeningPort, VITE_DEV_PORT];
  return unique([...configured, ...hosts.flatMap((host) => ports.map((port) => `http://${host}:${port}`))]);
}

/** Every interface address as a URL host (IPv6 in brackets), loopback included. */
function interfaceAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .flatMap((address) => {
      if (!address) return [];
      // Link-local IPv6 addresses need a zone (%eth0) that browsers do not send in an Origin.
      if (address.family === 'IPv6' && address.address.startsWith('fe80:')) return [];
      return [address.family === 'IPv6' ? `[${address.address}]` : address.address];
    });
}

const unique = (origins: string[]) => [...new Set(origins)];

/** Where a person should open the product when their address is refused. */
export const preferredOrigin = (config: Config) => new URL(config.PUBLIC_URL).origin;
