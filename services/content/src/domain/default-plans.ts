import { DEFAULT_PLAN, type CreatePlanBody } from '@podz/proto';

/**
 * The plans a new network starts with. `free` is the plan identity gives every new user
 * (`DEFAULT_PLAN`), so it must exist; the rest are a starting point for editors.
 */
export const DEFAULT_PLANS: CreatePlanBody[] = [
  {
    slug: DEFAULT_PLAN,
    name: 'Free',
    description: 'Listen, follow and start your first show.',
    price: 0,
    currency: 'USD',
    interval: 'month',
    features: ['Follow unlimited shows', 'Messages', 'One show with up to 20 episodes'],
    limits: { shows: 1, episodesPerShow: 20, storageMb: 500 },
    order: 0,
    active: true,
    premiumListening: false,
  },
  {
    slug: 'pro',
    name: 'Pro',
    description: 'For podcasters who publish every week.',
    price: 9.99,
    currency: 'USD',
    interval: 'month',
    features: ['Three shows', 'Unlimited episodes', 'Import from your existing feed', 'Hosts and guests'],
    limits: { shows: 3, episodesPerShow: null, storageMb: 10_000 },
    order: 1,
    active: true,
    premiumListening: true,
  },
  {
    slug: 'network',
    name: 'Network',
    description: 'For studios running many shows.',
    price: 29.99,
    currency: 'USD',
    interval: 'month',
    features: ['Unlimited shows', 'Unlimited episodes', 'Priority support', 'Featured placement reviews'],
    limits: { shows: null, episodesPerShow: null, storageMb: 100_000 },
    order: 2,
    active: true,
    premiumListening: true,
  },
];
