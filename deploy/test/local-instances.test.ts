import { SERVICE_NAMES } from '@podz/proto';
import { flagValue, instancesWanted, planInstances } from '../../scripts/lib/instances';

// How `npm start`, the bench and the soak lay out several instances on one machine.
describe('several instances of every process, locally', () => {
  const plan = (count: number) =>
    planInstances({
      count,
      port: (name, instance) =>
        (name === 'gateway' ? 8180 : 4001 + SERVICE_NAMES.indexOf(name)) + 100 * instance,
      common: { NODE_ENV: 'test', SHARED: 'yes' },
      serviceEnv: (name, instance) => ({ MONGO_DB: `podz_${name}`, WHICH: `${name}#${instance}` }),
      searchSnapshotDir: (label) => `/snapshots/${label}`,
    });

  it('plans every service and a gateway per instance, named as the logs name them', () => {
    const planned = plan(2);
    expect(planned).toHaveLength(2 * (SERVICE_NAMES.length + 1));
    expect(planned.map((p) => p.label)).toEqual([
      ...SERVICE_NAMES,
      'gateway',
      ...SERVICE_NAMES.map((name) => `${name}-2`),
      'gateway-2',
    ]);
    const catalog2 = planned.find((p) => p.label === 'catalog-2')!;
    expect(catalog2.env).toMatchObject({
      SHARED: 'yes',
      MALLOC_ARENA_MAX: '2',
      MONGO_DB: 'podz_catalog',
      WHICH: 'catalog#1',
      PORT: '4102',
    });
    expect(catalog2.entryFile).toMatch(/services\/catalog\/dist\/main\.js$/);
    expect(catalog2.colour).toBe(planned.find((p) => p.label === 'catalog')!.colour);
  });

  it('gives every gateway and search instance each service’s instances, in order, and no one else', () => {
    const planned = plan(2);
    const gateway2 = planned.find((p) => p.label === 'gateway-2')!;
    expect(gateway2.env.PORT).toBe('8280');
    expect(gateway2.env.CATALOG_URL).toBe('http://127.0.0.1:4002,http://127.0.0.1:4102');
    expect(gateway2.env.MESSAGING_URL).toBe('http://127.0.0.1:4004,http://127.0.0.1:4104');
    const search2 = planned.find((p) => p.label === 'search-2')!;
    expect(search2.env.IDENTITY_URL).toBe('http://127.0.0.1:4001,http://127.0.0.1:4101');
    expect(search2.env.SEARCH_SNAPSHOT_DIR).toBe('/snapshots/search-2');
    expect(planned.find((p) => p.label === 'catalog')!.env.CATALOG_URL).toBeUndefined();
  });

  it('reads --instances in both spellings, falls back to the environment, and refuses nonsense', () => {
    expect(instancesWanted(['--instances', '3'], undefined, 9)).toBe(3);
    expect(instancesWanted(['--instances=2'], '5', 9)).toBe(2);
    expect(instancesWanted([], '5', 9)).toBe(5);
    expect(instancesWanted([], undefined, 9)).toBe(1);
    expect(() => instancesWanted(['--instances=5'], undefined, 4)).toThrow('from 1 to 4, not "5"');
    expect(() => instancesWanted(['--instances', 'two'], undefined, 9)).toThrow('not "two"');
    expect(() => instancesWanted([], '0', 9)).toThrow('not "0"');
    expect(flagValue(['--minutes=1.5'], '--minutes')).toBe('1.5');
    expect(flagValue(['--minutes-ish=2'], '--minutes')).toBeUndefined();
  });
});
