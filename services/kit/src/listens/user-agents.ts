import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LruMap } from '../cache/lru-map';

/** What a user agent says about who asked: by the OPAWG lists, plus three rules of PODZ's own. */
export interface Agent {
  /** The OPAWG file it matched first: a bot is never counted. */
  type: 'bot' | 'app' | 'library' | 'browser' | 'unknown';
  /** The app (or library, browser) as people know it: `Apple Podcasts`, `Overcast`, `Unknown`. */
  app: string;
  device: string;
  deviceCategory: string;
  os: string;
}

interface Entry {
  name: string;
  pattern: RegExp;
  category?: string;
}

const VENDOR = path.resolve(__dirname, '..', '..', 'vendor', 'opawg');

function entries(file: string): Entry[] {
  const json = JSON.parse(readFileSync(path.join(VENDOR, `${file}.json`), 'utf8')) as {
    entries: { name: string; pattern: string; category?: string }[];
  };
  return json.entries.map((entry) => ({ ...entry, pattern: new RegExp(entry.pattern) }));
}

/** PODZ's reading of the operating system (OPAWG v2 names none), first match wins. */
const OPERATING_SYSTEMS: [RegExp, string][] = [
  [/watchOS|Watch OS|Apple Watch/, 'watchOS'],
  [/iPhone|iPad|iPod|CPU OS|iOS|HomePod/, 'iOS'],
  [/Apple ?TV|tvOS/, 'tvOS'],
  [/Android/i, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X|macOS|OS X|Darwin/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

/** AppleCoreMedia is Apple's player library; from an Apple phone, tablet, watch or HomePod it is the Podcasts app streaming. */
const APPLE_PODCASTS_PLAYER = /^AppleCoreMedia\/[\d.]+\w* \((iPhone|iPad|iPod|Apple Watch|HomePod)/;

/** The site's own player, as the recorder marks it (record-listens.ts, `SITE_PLAYER_AGENT`). */
const SITE_PLAYER = /^PODZ-web\/\d+ /;

/**
 * Classifies user agents as the OPAWG user-agents-v2 project documents: bots, apps, libraries,
 * browsers in that order, the first entry whose pattern matches wins; devices apart. Agents repeat
 * endlessly in logs, so each is classified once and remembered.
 */
export class UserAgents {
  private readonly lists = (['bots', 'apps', 'libraries', 'browsers'] as const).map((file) => ({
    type: ({ bots: 'bot', apps: 'app', libraries: 'library', browsers: 'browser' } as const)[file],
    entries: entries(file),
  }));
  private readonly devices = entries('devices');
  private readonly known = new LruMap<string, Agent>(20_000);

  classify(userAgent: string): Agent {
    const ua = userAgent.replace(/[\r\n]/g, '');
    let agent = this.known.get(ua);
    if (!agent) {
      agent = this.read(ua);
      this.known.set(ua, agent);
    }
    return agent;
  }

  /** The first OPAWG list entry the agent matches, bots first. */
  private listed(ua: string): { type: Agent['type']; app: string } {
    for (const list of this.lists) {
      const entry = list.entries.find((candidate) => candidate.pattern.test(ua));
      if (entry) return { type: list.type, app: entry.name };
    }
    return { type: 'unknown', app: 'Unknown' };
  }

  private read(ua: string): Agent {
    const listed = this.listed(ua);
    // The site's player is an app, unless the browser under it is a bot (a headless one, say).
    let { type, app } =
      listed.type !== 'bot' && SITE_PLAYER.test(ua) ? { type: 'app' as const, app: 'PODZ web' } : listed;
    if (type === 'library' && APPLE_PODCASTS_PLAYER.test(ua)) {
      type = 'app';
      app = 'Apple Podcasts';
    }
    const device = type === 'bot' ? undefined : this.devices.find((entry) => entry.pattern.test(ua));
    const os = OPERATING_SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'Unknown';
    return {
      type,
      app,
      device: device?.name ?? 'Unknown',
      deviceCategory: device?.category ?? 'unknown',
      os,
    };
  }
}
