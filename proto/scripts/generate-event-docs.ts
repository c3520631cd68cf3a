import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { EVENT_DEFINITIONS, renderEventDocs } from '../src';

const target = path.resolve(__dirname, '..', 'EVENTS.md');
writeFileSync(target, renderEventDocs(EVENT_DEFINITIONS));
console.log(`wrote ${path.relative(process.cwd(), target)} (${EVENT_DEFINITIONS.length} event types)`);
