import type { RequestHandler, Response } from "express";
import helmet from "helmet";
import { randomBytes } from "node:crypto";

/** The hosts Google AdSense loads scripts, frames and beacons from. */
const AD_NETWORK_HOSTS = [
  "https://pagead2.googlesyndication.com",
  "https://*.googlesyndication.com",
  "https://*.doubleclick.net",
  "https://*.adtrafficquality.google",
  "https://www.google.com",
];

interface SecurityHeaderOptions {
  https: boolean;
  /** SITE_URL's origin: the newsletter preview frame shows covers by their absolute address, which may differ from the one in use. */
  siteOrigin: string;
  /** Allows the ad network's hosts while the settings show its units (asked per response: a setting may change). */
  adsEnabled: () => boolean;
  /** Development uses Vite's inline HMR client, so the CSP is left out there. */
  development: boolean;
}

/** Gives every response a fresh CSP nonce in `res.locals.nonce`. */
export const assignNonce: RequestHandler = (_req, res, next) => {
  res.locals.nonce = randomBytes(16).toString("base64");
  next();
};

/**
 * Security headers: a CSP that allows scripts only from the site itself (plus the ad
 * network when configured) and inline scripts only with this response's nonce.
 * Images may come from any https host, because editors may use custom image URLs.
 */
export function securityHeaders({ https, siteOrigin, adsEnabled, development }: SecurityHeaderOptions): RequestHandler[] {
  // Per response; when the network is off, a source the directive already names stands in for its hosts.
  const ads = (otherwise: string) => () => (adsEnabled() ? AD_NETWORK_HOSTS.join(" ") : otherwise);
  const permissionsPolicy: RequestHandler = (_req, res, next) => {
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
    next();
  };
  return [
    helmet({
      contentSecurityPolicy: development
        ? false
        : {
            useDefaults: false,
            directives: {
              "default-src": ["'self'"],
              "script-src": ["'self'", (_req, res) => `'nonce-${(res as unknown as Response).locals.nonce}'`, ads("'self'")],
              "style-src": ["'self'", "'unsafe-inline'"],
              "img-src": ["'self'", siteOrigin, "data:", "https:"],
              "font-src": ["'self'"],
              "connect-src": ["'self'", ads("'self'")],
              "frame-src": [ads("'none'")],
              "frame-ancestors": ["'none'"],
              "object-src": ["'none'"],
              "base-uri": ["'self'"],
              "form-action": ["'self'"],
              ...(https ? { "upgrade-insecure-requests": [] } : {}),
            },
          },
      strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      xFrameOptions: { action: "deny" },
    }),
    permissionsPolicy,
  ];
}
