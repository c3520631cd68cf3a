import { z } from 'zod';
import type { EventDefinition } from './events/define-event';
import { deadLetterTopic } from './events/topics';
import type { Policy, RoutePolicy } from './routes';
import { SERVICE_NAMES } from './services';

const who = (policy: Policy) =>
  policy === 'public' ? 'anyone' : policy === 'signed-in' ? 'signed in' : policy.join(', ');

const fieldsOf = (definition: EventDefinition) =>
  definition.data instanceof z.ZodObject
    ? Object.keys(definition.data.shape)
        .map((key) => `\`${key}\``)
        .join(', ')
    : '';

/**
 * The generated documentation page (`api-reference`): every route the gateway lets through, with
 * who may call it, and every event type by topic. Built from the same tables the gateway and the
 * producers use, so it cannot drift from what runs.
 */
export function renderApiReference(
  routes: readonly RoutePolicy[],
  events: readonly EventDefinition[],
): string {
  const lines = [
    '# API reference',
    '',
    'Generated from `@podz/proto` (the gateway route table and the event registry); it changes only with the code.',
    'Errors share one shape: `{ "error": "…", "code": "…", "details"?: [...] }`.',
    '',
    '## Routes',
    '',
  ];
  for (const service of SERVICE_NAMES) {
    const own = routes.filter((route) => route.service === service);
    if (own.length === 0) continue;
    lines.push(`### ${service}`, '', '| Method | Path | Who | Rate limit |', '|---|---|---|---|');
    for (const route of own) {
      lines.push(`| ${route.method} | \`${route.path}\` | ${who(route.policy)} | ${route.rateLimit ?? ''} |`);
    }
    lines.push('');
  }
  lines.push('## Events', '');
  const topics = [...new Set(events.map((definition) => definition.topic))];
  for (const topic of topics) {
    lines.push(
      `### ${topic}`,
      '',
      `Dead letters: \`${deadLetterTopic(topic)}\`.`,
      '',
      '| Type | Description | Fields |',
      '|---|---|---|',
    );
    for (const definition of events.filter((candidate) => candidate.topic === topic)) {
      const description = definition.description.replace(/\|/g, '\\|');
      lines.push(`| \`${definition.type}\` | ${description} | ${fieldsOf(definition)} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
