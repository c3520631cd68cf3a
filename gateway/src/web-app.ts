import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { type RequestHandler } from 'express';

/**
 * What the web app loads from elsewhere, on top of helmet's same-origin defaults: the payment
 * provider's script, frames and calls (PayPal, with Braintree for vaulting), and artwork and audio
 * of shows imported from feeds, which stay on their publishers' https hosts.
 */
export const WEB_APP_CONTENT_SECURITY: Record<string, string[]> = {
  scriptSrc: ["'self'", 'https://*.paypal.com', 'https://js.braintreegateway.com'],
  frameSrc: ["'self'", 'https://*.paypal.com'],
  connectSrc: ["'self'", 'https://*.paypal.com', 'https://*.braintreegateway.com'],
  imgSrc: ["'self'", 'data:', 'https:'],
  mediaSrc: ["'self'", 'https:'],
};

const NOT_FOR_THE_WEB_APP = /^\/(api|socket\.io|healthz|readyz|metrics)(\/|$)/;

/**
 * The embeddable player's page: any site may frame it (`frame-ancestors *`), and it loads nothing
 * but its own script, style, the show's art and the audio.
 */
export const EMBED_CONTENT_SECURITY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "media-src 'self' https:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

const EMBED_PAGE = /^\/embed\/(episodes|shows)\/[^/]+\/?$/;
const SHOW_OR_EPISODE_PAGE = /^\/shows\/[^/]+(\/[0-9a-f]{24})?\/?$/;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The oEmbed discovery link a show or episode page carries, so a pasted link unfurls the player. */
export function oembedLink(publicOrigin: string, pagePath: string): string {
  const origin = publicOrigin.replace(/\/$/, '');
  const href = `${origin}/oembed?url=${encodeURIComponent(`${origin}${pagePath}`)}&format=json`;
  return `<link rel="alternate" type="application/json+oembed" href="${escapeAttribute(href)}">`;
}

/**
 * Serves the built single-page app. Hashed assets are cached for a year; any other GET that asks
 * for HTML gets `index.html`, so deep links like `/shows/some-show` load the app (history fallback).
 */
export function webApp(distDir: string, publicOrigin: string): RequestHandler[] {
  const indexFile = path.join(distDir, 'index.html');
  const embedFile = path.join(distDir, 'embed.html');
  const assets = express.static(distDir, {
    index: false,
    setHeaders: (res, file) => {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const historyFallback: RequestHandler = (req, res, next) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      NOT_FOR_THE_WEB_APP.test(req.path) ||
      !req.accepts('html')
    ) {
      next();
      return;
    }
    if (!existsSync(indexFile)) {
      res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
      return;
    }
    res.setHeader('cache-control', 'no-cache');
    // The page is served whole: a Range on it (unsatisfiable ones included) is ignored, as HTTP
    // allows, rather than an error.
    const whole = { acceptRanges: false };
    if (EMBED_PAGE.test(req.path) && existsSync(embedFile)) {
      // Framed by other sites: its own policy instead of the app's, and no X-Frame-Options.
      res.removeHeader('x-frame-options');
      res.setHeader('content-security-policy', EMBED_CONTENT_SECURITY);
      res.sendFile(embedFile, whole);
      return;
    }
    if (SHOW_OR_EPISODE_PAGE.test(req.path)) {
      readFile(indexFile, 'utf8').then(
        (html) =>
          res.type('html').send(html.replace('</head>', `${oembedLink(publicOrigin, req.path)}</head>`)),
        next,
      );
      return;
    }
    res.sendFile(indexFile, whole);
  };
  return [assets, historyFallback];
}
