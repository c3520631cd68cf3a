import type { PlayerItem } from '../lib/player-item';
import { sitePlayerSource } from '../lib/player-item';
import { usePlayer } from './player-store';

const item = (episodeId: string): PlayerItem => ({
  episodeId,
  title: `Episode ${episodeId}`,
  showName: 'A show',
  showUId: 'a-show',
  showId: 'a'.repeat(24),
  image: '/media/images/a.png',
  audioUrl: `/media/audio/${episodeId}.mp3`,
  duration: 600,
  premium: false,
});
const queued = () => usePlayer.getState().queue.map((entry) => entry.episodeId);

beforeEach(() => usePlayer.setState({ current: undefined, queue: [], started: 0 }));

describe('the player store', () => {
  it('plays an item, taking it out of the queue, and counts each start', () => {
    const { addToQueue, play } = usePlayer.getState();
    addToQueue(item('a'));
    addToQueue(item('b'));
    play(item('a'));
    expect(usePlayer.getState().current?.episodeId).toBe('a');
    expect(queued()).toEqual(['b']);
    play(item('a'));
    expect(usePlayer.getState().started).toBe(2);
  });

  it('adds each episode once, never the one playing, and puts "play next" first', () => {
    const { addToQueue, play, playNext } = usePlayer.getState();
    play(item('now'));
    addToQueue(item('now'));
    addToQueue(item('a'));
    addToQueue(item('a'));
    addToQueue(item('b'));
    playNext(item('b'));
    expect(queued()).toEqual(['b', 'a']);
  });

  it('plays at once what is played next when nothing plays', () => {
    usePlayer.getState().playNext(item('a'));
    expect(usePlayer.getState().current?.episodeId).toBe('a');
    expect(queued()).toEqual([]);
  });

  it('moves an item one place at a time, not past either end', () => {
    const { addToQueue, move } = usePlayer.getState();
    for (const id of ['a', 'b', 'c']) addToQueue(item(id));
    move('c', -1);
    expect(queued()).toEqual(['a', 'c', 'b']);
    move('c', -1);
    move('c', -1);
    expect(queued()).toEqual(['c', 'a', 'b']);
    move('b', 1);
    expect(queued()).toEqual(['c', 'a', 'b']);
  });

  it('plays the next item at the end, and says when there is none', () => {
    const { addToQueue, next, remove, clear } = usePlayer.getState();
    for (const id of ['a', 'b', 'c']) addToQueue(item(id));
    remove('b');
    expect(next()).toBe(true);
    expect(usePlayer.getState().current?.episodeId).toBe('a');
    expect(queued()).toEqual(['c']);
    clear();
    expect(next()).toBe(false);
  });
});

describe("the site player's audio address", () => {
  it("marks the network's own audio for analytics, and leaves others' alone", () => {
    expect(sitePlayerSource('/media/audio/x.mp3')).toBe('/media/audio/x.mp3?player=podz-web');
    expect(sitePlayerSource('/media/audio/x.mp3?key=k')).toBe('/media/audio/x.mp3?key=k&player=podz-web');
    expect(sitePlayerSource('https://cdn.example.com/x.mp3')).toBe('https://cdn.example.com/x.mp3');
  });
});
