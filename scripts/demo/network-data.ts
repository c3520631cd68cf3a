import type { Category, CrewRole } from '../../proto/src';

/** The demo network `npm start` seeds: invented shows, people and episodes, nothing downloaded. */

export interface DemoPerson {
  username: string;
  bio: string;
  colors: [string, string];
}

export interface DemoShow {
  name: string;
  category: Category;
  description: string;
  owner: string;
  hosts: string[];
  crew: { person: string; role: CrewRole }[];
  featured: boolean;
  colors: [string, string];
  /** Melody of the show's audio, in Hz: every episode plays a variation of it. */
  notes: number[];
  episodes: string[];
}

const person = (username: string, bio: string, colors: [string, string]): DemoPerson => ({
  username,
  bio,
  colors,
});

export const DEMO_OWNERS: DemoPerson[] = [
  person('maya.okafor', 'Runs a small studio and three shows about how things work.', ['#1e3a8a', '#60a5fa']),
  person('leo.brandt', 'Former radio producer; now independent.', ['#7c2d12', '#fb923c']),
  person('ines.castro', 'Writes, records and edits, mostly at night.', ['#14532d', '#4ade80']),
  person('sam.whitaker', 'Believes every town has a story worth an hour.', ['#581c87', '#c084fc']),
];

export const DEMO_HOSTS: DemoPerson[] = [
  person('ada.nwosu', 'Physicist and co-host.', ['#0f766e', '#5eead4']),
  person('tom.reyes', 'Comedian, occasionally serious.', ['#9f1239', '#fb7185']),
  person('priya.raman', 'Historian of ordinary things.', ['#854d0e', '#facc15']),
  person('jonas.berg', 'Plays bass, talks about music.', ['#1e40af', '#93c5fd']),
  person('lucia.moretti', 'Founder, investor, co-host.', ['#3f6212', '#a3e635']),
  person('kenji.sato', 'Coach and marathon runner.', ['#155e75', '#67e8f9']),
  person('nora.hughes', 'Crime reporter for twenty years.', ['#44403c', '#a8a29e']),
  person('omar.haddad', 'Teacher who cannot stop explaining.', ['#6b21a8', '#e879f9']),
];

export const DEMO_GUESTS: DemoPerson[] = [
  'grace.kim:Marine biologist.',
  'diego.alvarez:Chef and author.',
  'hannah.schmidt:Astronomer at a small observatory.',
  'felix.martin:Novelist.',
  'amara.diallo:Climate scientist.',
  'rui.costa:Luthier.',
  'sofia.ivanova:Chess coach.',
  'ben.carter:Retired detective.',
  'mei.lin:Software engineer and tinkerer.',
  'isaac.cohen:Economist.',
  'zara.ali:Documentary filmmaker.',
  'paul.dubois:Beekeeper.',
].map((entry, i) => {
  const [username, bio] = entry.split(':') as [string, string];
  const palette: [string, string][] = [
    ['#0c4a6e', '#38bdf8'],
    ['#713f12', '#fde047'],
    ['#4c1d95', '#a78bfa'],
    ['#065f46', '#34d399'],
  ];
  return person(username, bio, palette[i % palette.length]!);
});

export const DEMO_CREW: DemoPerson[] = [
  person('rosa.lind', 'Producer for the network.', ['#831843', '#f9a8d4']),
  person('aaron.fox', 'Audio engineer and editor.', ['#1f2937', '#9ca3af']),
];

const C = 261.63;
const scale = (root: number, steps: number[]) => steps.map((step) => Math.round(root * 2 ** (step / 12)));

const episodes = (topics: string[]) => topics;

export const DEMO_SHOWS: DemoShow[] = [
  {
    name: 'The Curious Hour',
    category: 'Science',
    description: '<p>Big questions, small words. Each week a scientist explains one thing properly.</p>',
    owner: 'maya.okafor',
    hosts: ['ada.nwosu'],
    crew: [
      { person: 'rosa.lind', role: 'producer' },
      { person: 'aaron.fox', role: 'audio engineer' },
    ],
    featured: true,
    colors: ['#1e3a8a', '#38bdf8'],
    notes: scale(C, [0, 4, 7, 12]),
    episodes: episodes([
      'Why the sky is blue',
      'How tides work',
      'What is a black hole',
      'The smell of rain',
      'Why we yawn',
      'How bees dance',
      'Where the Moon came from',
      'What makes ice slippery',
      'How vaccines teach',
      'Why cats purr',
    ]),
  },
  {
    name: 'Startup Tapes',
    category: 'Entrepreneurship and investing',
    description: '<p>Founders tell the story of the week everything nearly went wrong.</p>',
    owner: 'leo.brandt',
    hosts: ['lucia.moretti'],
    crew: [{ person: 'rosa.lind', role: 'executive producer' }],
    featured: true,
    colors: ['#7c2d12', '#fdba74'],
    notes: scale(C * 1.122, [0, 3, 7, 10]),
    episodes: episodes([
      'The first customer',
      'Running out of money',
      'Firing a friend',
      'The pivot',
      'Pricing is hard',
      'Hiring the tenth person',
      'A bad investor',
      'Selling the company',
      'Starting again',
      'What we would do differently',
    ]),
  },
  {
    name: 'Long Run',
    category: 'Health and fitness',
    description: '<p>Training, rest and the slow art of getting fitter without getting hurt.</p>',
    owner: 'ines.castro',
    hosts: ['kenji.sato'],
    crew: [],
    featured: false,
    colors: ['#14532d', '#86efac'],
    notes: scale(C * 0.891, [0, 5, 7, 12]),
    episodes: episodes([
      'Your first 5k',
      'Why rest days matter',
      'Shoes, honestly',
      'Running in winter',
      'Breathing',
      'Hills',
      'Eating before a race',
      'Injuries and patience',
      'The marathon wall',
      'Running for fifty years',
    ]),
  },
  {
    name: 'Reel Talk',
    category: 'TV & film',
    description: '<p>Two friends, one film a week, no spoilers until the bell.</p>',
    owner: 'sam.whitaker',
    hosts: ['tom.reyes'],
    crew: [{ person: 'aaron.fox', role: 'editor' }],
    featured: true,
    colors: ['#581c87', '#d8b4fe'],
    notes: scale(C * 1.26, [0, 2, 4, 7]),
    episodes: episodes([
      'Silent films still work',
      'The perfect heist',
      'Why sequels disappoint',
      'Best opening scenes',
      'Film scores',
      'The one-location movie',
      'Documentaries that changed things',
      'Animated for adults',
      'Cult classics',
      'Our favourite endings',
    ]),
  },
  {
    name: 'Small Histories',
    category: 'History',
    description:
      '<p>The history of ordinary objects: forks, buttons, clocks and the people who made them.</p>',
    owner: 'maya.okafor',
    hosts: ['priya.raman'],
    crew: [{ person: 'rosa.lind', role: 'researcher' }],
    featured: false,
    colors: ['#854d0e', '#fde68a'],
    notes: scale(C * 0.84, [0, 3, 5, 7]),
    episodes: episodes([
      'The fork',
      'The button',
      'Keeping time',
      'The pencil',
      'Salt',
      'The umbrella',
      'Paper money',
      'Spectacles',
      'The bicycle',
      'The postcard',
    ]),
  },
  {
    name: 'Low End',
    category: 'Music',
    description: '<p>Bass players, drummers and the grooves that hold songs together.</p>',
    owner: 'leo.brandt',
    hosts: ['jonas.berg'],
    crew: [{ person: 'aaron.fox', role: 'sound designer' }],
    featured: true,
    colors: ['#1e40af', '#bfdbfe'],
    notes: scale(C * 0.5, [0, 7, 10, 12]),
    episodes: episodes([
      'What a bass line does',
      'Motown grooves',
      'Playing with a drummer',
      'Fretless',
      'Reggae and space',
      'Learning by ear',
      'Studio versus stage',
      'Building a bass',
      'Famous mistakes',
      'Less is more',
    ]),
  },
  {
    name: 'Cold Cases',
    category: 'Crime',
    description: '<p>Unsolved cases, told carefully and with respect for the people in them.</p>',
    owner: 'ines.castro',
    hosts: ['nora.hughes'],
    crew: [{ person: 'rosa.lind', role: 'writer' }],
    featured: false,
    colors: ['#292524', '#a8a29e'],
    notes: scale(C * 0.75, [0, 1, 5, 6]),
    episodes: episodes([
      'The lighthouse keeper',
      'A missing painting',
      'The night train',
      'Letters with no name',
      'The quiet village',
      'A locked room',
      'The last phone call',
      'The diver',
      'The forged will',
      'Case reopened',
    ]),
  },
  {
    name: 'Class Notes',
    category: 'Education',
    description: '<p>A teacher explains one school subject a week as if to a curious adult.</p>',
    owner: 'sam.whitaker',
    hosts: ['omar.haddad'],
    crew: [],
    featured: false,
    colors: ['#6b21a8', '#f0abfc'],
    notes: scale(C * 1.5, [0, 4, 5, 7]),
    episodes: episodes([
      'Fractions, finally',
      'Why grammar exists',
      'Photosynthesis',
      'Maps lie',
      'The water cycle',
      'Probability',
      'Reading a poem',
      'Electricity',
      'Evolution',
      'How to study',
    ]),
  },
  {
    name: 'Laugh Track',
    category: 'Comedy',
    description: '<p>Stand-ups talk about the bits that bombed and the ones that did not.</p>',
    owner: 'maya.okafor',
    hosts: ['tom.reyes'],
    crew: [{ person: 'aaron.fox', role: 'editor' }],
    featured: true,
    colors: ['#9f1239', '#fecdd3'],
    notes: scale(C * 1.33, [0, 4, 7, 9]),
    episodes: episodes([
      'The first open mic',
      'Hecklers',
      'Writing a joke',
      'Touring',
      'Crowd work',
      'Clean comedy',
      'Bombing',
      'Timing',
      'Characters',
      'The special',
    ]),
  },
  {
    name: 'Field Notes',
    category: 'Leisure',
    description: '<p>Walks, gardens, birds and the pleasure of slowing down.</p>',
    owner: 'leo.brandt',
    hosts: ['ada.nwosu', 'kenji.sato'],
    crew: [],
    featured: false,
    colors: ['#3f6212', '#d9f99d'],
    notes: scale(C * 1.189, [0, 2, 7, 9]),
    episodes: episodes([
      'Birdsong at dawn',
      'A small garden',
      'Mushrooms',
      'Night walks',
      'Tide pools',
      'Trees in a city',
      'Foraging safely',
      'Stargazing',
      'The allotment',
      'Winter light',
    ]),
  },
  {
    name: 'The Money Desk',
    category: 'Business',
    description: '<p>How money moves: prices, wages, markets and the decisions behind them.</p>',
    owner: 'ines.castro',
    hosts: ['lucia.moretti'],
    crew: [{ person: 'rosa.lind', role: 'producer' }],
    featured: false,
    colors: ['#115e59', '#99f6e4'],
    notes: scale(C, [0, 2, 5, 9]),
    episodes: episodes([
      'Why prices rise',
      'Interest rates',
      'What a bond is',
      'The supply chain',
      'Minimum wage',
      'Index funds',
      'Small business loans',
      'Currencies',
      'Taxes simply',
      'A recession explained',
    ]),
  },
  {
    name: 'Byte Size',
    category: 'Technology',
    description: '<p>One technology, explained in plain words, with someone who builds it.</p>',
    owner: 'sam.whitaker',
    hosts: ['omar.haddad', 'jonas.berg'],
    crew: [{ person: 'aaron.fox', role: 'audio engineer' }],
    featured: true,
    colors: ['#0f172a', '#94a3b8'],
    notes: scale(C * 1.414, [0, 3, 7, 11]),
    episodes: episodes([
      'How the internet routes',
      'Passwords and hashes',
      'What a compiler does',
      'Batteries',
      'GPS',
      'Open source',
      'Databases',
      'Wi-Fi',
      'Robots in warehouses',
      'Keeping software simple',
    ]),
  },
];
