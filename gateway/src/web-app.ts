import { existsSync } from 'node:fs';
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
 * Serves the built single-page app. Hashed assets are cached for a year; any other GET that asks
 * for HTML gets `index.html`, so deep links like `/shows/some-show` load the app (history fallback).
 */
export function webApp(distDir: string): RequestHandler[] {
  const indexFile = path.join(distDir, 'index.html');
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
    res.sendFile(indexFile);
  };
  return [assets, historyFallback];
}
