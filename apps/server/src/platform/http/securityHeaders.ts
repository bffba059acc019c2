import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

type Directives = Record<string, string[]>;

/** Google Identity Services: its client script, the button and One Tap frames, their calls and styles. */
const GOOGLE_GSI = 'https://accounts.google.com/gsi/';
/** Stripe Elements: Stripe.js must load from js.stripe.com; card frames; 3-D Secure frames; its API. */
const STRIPE_JS = 'https://js.stripe.com';
const STRIPE_HOOKS = 'https://hooks.stripe.com';
const STRIPE_API = 'https://api.stripe.com';

/**
 * sha256 of react-draggable's `.react-draggable-transparent-selection *::-moz-selection {all:
 * inherit;}\n.react-draggable-transparent-selection *::selection {all: inherit;}\n` (4.x).
 */
const REACT_DRAGGABLE_STYLE = "'sha256-s8oZn728h+t0WNV6s+2xieaG3i2RB5cO2MMiUDIdinY='";

/** The origin of a URL template, or null when the placeholder sits where no origin can be read. */
function originOf(template: string | undefined): string | null {
  if (!template) return null;
  try {
    return new URL(template.replaceAll('{symbol}', 'X')).origin;
  } catch {
    return null;
  }
}

/**
 * The SPA's Content-Security-Policy. Everything the built app loads is its own (Vite emits no
 * inline script: checked against `npm run build -w @tapeline/web`); third parties are allowed
 * only when the feature that needs them is configured.
 */
export function cspDirectives(config: Config): Directives {
  const https = config.appUrl.startsWith('https:');
  const app = new URL(config.appUrl);
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // No 'unsafe-inline': React (and react-grid-layout through it) sets `style` props through the
    // CSSOM (element.style), which CSP does not govern, and the build extracts all CSS into
    // files. The one injected <style> is react-draggable's, added while a widget is dragged so
    // the drag does not select text; its fixed text is allowed by hash. The e2e specs fail on
    // any CSP violation, so a library that changes that text or injects more is caught.
    'style-src': ["'self'", REACT_DRAGGABLE_STYLE],
    // data: for the inline SVG favicon and CSS icons; blob: for the profile picture preview.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    // The socket is same-origin; older engines do not count ws: under 'self', so name it.
    'connect-src': ["'self'", `${https ? 'wss' : 'ws'}://${app.host}`],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  const add = (name: string, ...sources: string[]) => {
    const list = directives[name] ?? [];
    directives[name] = [...list.filter((s) => s !== "'none'"), ...sources];
  };
  const icons = originOf(config.symbolIconUrl);
  if (icons) add('img-src', icons);
  // Voice clips come from this server (default-src) unless VOICE_HOST names another host.
  const voice = originOf(config.voiceHost);
  if (voice) add('media-src', "'self'", voice);
  if (config.googleClientId) {
    add('script-src', `${GOOGLE_GSI}client`);
    add('frame-src', GOOGLE_GSI);
    add('connect-src', GOOGLE_GSI);
    add('style-src', `${GOOGLE_GSI}style`);
  }
  if (config.billing.provider === 'stripe') {
    add('script-src', STRIPE_JS);
    add('frame-src', STRIPE_JS, STRIPE_HOOKS);
    add('connect-src', STRIPE_API);
  }
  if (https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * Security headers on every answer (helmet): the CSP above, nosniff, no referrer (mail links
 * carry tokens in their query), no framing, and HSTS only when the app is served over HTTPS —
 * over plain HTTP the browser ignores it, and a wrong one would pin a dev host to HTTPS.
 */
export async function securityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.appUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    xContentTypeOptions: true,
    // Google's sign-in popup must be able to report back to the page that opened it.
    crossOriginOpenerPolicy: { policy: config.googleClientId ? 'same-origin-allow-popups' : 'same-origin' },
    // Symbol icons and Stripe's frames are cross-origin loads; CORP only limits our own files.
    crossOriginEmbedderPolicy: false,
  });
  // A JSON answer to a call that carried credentials is the caller's own data: no browser cache
  // or shared proxy keeps it (ASVS 14.3.2), whatever the route; a route that set its own
  // Cache-Control keeps it.
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (
      request.headers.authorization &&
      type.startsWith('application/json') &&
      !reply.hasHeader('cache-control')
    ) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
