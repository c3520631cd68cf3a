import { XMLParser } from 'fast-xml-parser';

/**
 * The Podcast Namespace's rules (podcasting2.org/docs/podcast-namespace, 1.0) for the tags PODZ
 * writes, checked on a feed's XML: where each tag may appear, its required attributes, allowed
 * values and lengths. Returns what breaks them, one line each; [] for a feed that keeps them.
 */

type Node = Record<string, unknown>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const URL = /^https?:\/\/\S+$/;
const MEDIUMS = ['podcast', 'music', 'video', 'film', 'audiobook', 'newsletter', 'blog'];
const TRANSCRIPT_TYPES = [
  'text/plain',
  'text/html',
  'text/vtt',
  'application/json',
  'application/x-subrip',
  'application/srt',
];

const list = (value: unknown): Node[] =>
  value === undefined
    ? []
    : (Array.isArray(value) ? value : [value]).map((v) =>
        typeof v === 'object' && v ? (v as Node) : { '#text': v },
      );
const text = (node: Node) => String(node['#text'] ?? '');
const attr = (node: Node, name: string) => node[`@_${name}`] as string | undefined;

export function namespaceProblems(xml: string): string[] {
  const parsed = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    parseAttributeValue: false,
  }).parse(xml) as Node;
  const channel = (parsed.rss as Node | undefined)?.channel as Node | undefined;
  if (!channel) return ['no rss > channel'];
  const problems: string[] = [];
  const need = (ok: boolean, message: string) => {
    if (!ok) problems.push(message);
  };
  const withText = (where: string, node: Node, max: number) => {
    need(text(node).length > 0, `${where}: text is required`);
    need(text(node).length <= max, `${where}: text longer than ${max}`);
  };

  const guids = list(channel['podcast:guid']);
  need(guids.length === 1, 'channel: exactly one podcast:guid');
  for (const guid of guids) need(UUID.test(text(guid)), `podcast:guid "${text(guid)}" is not a UUIDv5`);
  const locked = list(channel['podcast:locked']);
  need(locked.length <= 1, 'channel: at most one podcast:locked');
  for (const lock of locked) need(['yes', 'no'].includes(text(lock)), 'podcast:locked: yes or no');
  for (const node of list(channel['podcast:funding'])) {
    need(URL.test(attr(node, 'url') ?? ''), 'podcast:funding: url is required');
    withText('podcast:funding', node, 128);
  }
  for (const node of list(channel['podcast:license'])) withText('podcast:license', node, 128);
  for (const node of list(channel['podcast:location'])) withText('podcast:location', node, 128);
  const mediums = list(channel['podcast:medium']);
  need(mediums.length <= 1, 'channel: at most one podcast:medium');
  for (const node of mediums)
    need(MEDIUMS.includes(text(node)), `podcast:medium "${text(node)}" is not allowed`);
  for (const node of list(channel['podcast:txt'])) {
    withText('podcast:txt', node, 4000);
    need((attr(node, 'purpose') ?? '').length <= 128, 'podcast:txt: purpose longer than 128');
  }
  for (const node of list(channel['podcast:updateFrequency'])) withText('podcast:updateFrequency', node, 128);
  for (const node of list(channel['podcast:trailer'])) {
    need(
      !Number.isNaN(Date.parse(attr(node, 'pubdate') ?? '')),
      'podcast:trailer: pubdate is required (RFC 2822)',
    );
    need(URL.test(attr(node, 'url') ?? ''), 'podcast:trailer: url is required');
    withText('podcast:trailer', node, 128);
  }
  for (const roll of list(channel['podcast:podroll'])) {
    const items = list(roll['podcast:remoteItem']);
    need(items.length > 0, 'podcast:podroll: at least one podcast:remoteItem');
    for (const item of items)
      need(UUID.test(attr(item, 'feedGuid') ?? ''), 'podcast:remoteItem: feedGuid is required');
  }
  const people = (where: string, node: Node) => {
    for (const person of list(node['podcast:person'])) {
      withText(`${where} podcast:person`, person, 128);
      const href = attr(person, 'href');
      need(href === undefined || URL.test(href), `${where} podcast:person: href must be a URL`);
    }
  };
  people('channel', channel);

  for (const [index, item] of list(channel.item).entries()) {
    const where = `item ${index + 1}`;
    people(where, item);
    for (const node of list(item['podcast:transcript'])) {
      need(URL.test(attr(node, 'url') ?? ''), `${where} podcast:transcript: url is required`);
      need(
        TRANSCRIPT_TYPES.includes(attr(node, 'type') ?? ''),
        `${where} podcast:transcript: type not allowed`,
      );
      const rel = attr(node, 'rel');
      need(rel === undefined || rel === 'captions', `${where} podcast:transcript: rel is captions or absent`);
    }
    const chapters = list(item['podcast:chapters']);
    need(chapters.length <= 1, `${where}: at most one podcast:chapters`);
    for (const node of chapters) {
      need(URL.test(attr(node, 'url') ?? ''), `${where} podcast:chapters: url is required`);
      need(
        attr(node, 'type') === 'application/json+chapters',
        `${where} podcast:chapters: type application/json+chapters`,
      );
    }
    for (const node of list(item['podcast:soundbite'])) {
      need(
        /^\d+(\.\d+)?$/.test(attr(node, 'startTime') ?? ''),
        `${where} podcast:soundbite: startTime is required`,
      );
      need(
        /^\d+(\.\d+)?$/.test(attr(node, 'duration') ?? ''),
        `${where} podcast:soundbite: duration is required`,
      );
      need(text(node).length <= 128, `${where} podcast:soundbite: title longer than 128`);
    }
    for (const node of list(item['podcast:season'])) {
      need(/^\d+$/.test(text(node)), `${where} podcast:season: a whole number`);
      need((attr(node, 'name') ?? '').length <= 128, `${where} podcast:season: name longer than 128`);
    }
    for (const node of list(item['podcast:episode'])) {
      need(/^\d+(\.\d+)?$/.test(text(node)), `${where} podcast:episode: a number`);
      need((attr(node, 'display') ?? '').length <= 32, `${where} podcast:episode: display longer than 32`);
    }
  }
  return problems;
}
